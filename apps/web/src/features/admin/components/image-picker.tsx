import { PRODUCT_FORM_LIMITS } from '@bazaar/shared/schemas/admin';
import { useId, useRef } from 'react';
import { CloseIcon } from '@/components/ui/icons';
import { notify } from '@/lib/notify';
import { useObjectUrl } from '../hooks/use-object-url';

const MAX_MB = PRODUCT_FORM_LIMITS.imageBytes / 1024 / 1024;

/** A quick answer in the browser; the server checks every file's content again. */
function acceptable(file: File): boolean {
  if (!file.type.startsWith('image/') || file.type === 'image/svg+xml') {
    notify.error(`${file.name} is not a picture: choose a JPEG, PNG, WebP, GIF or AVIF file.`);
    return false;
  }
  if (file.size > PRODUCT_FORM_LIMITS.imageBytes) {
    notify.error(`${file.name} is larger than ${MAX_MB} MB.`);
    return false;
  }
  return true;
}

// A stable key per chosen file, so removing one keeps the others' previews in place.
const fileKeys = new WeakMap<File, number>();
let nextFileKey = 0;
function keyOf(file: File): number {
  let key = fileKeys.get(file);
  if (key === undefined) {
    key = nextFileKey++;
    fileKeys.set(file, key);
  }
  return key;
}

const ACCEPT = 'image/jpeg,image/png,image/webp,image/gif,image/avif';
const removeClass =
  'absolute top-1 right-1 rounded-full bg-black/75 p-1 text-white hover:bg-black focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand';

function Preview({ src, label, onRemove }: { src: string; label: string; onRemove(): void }) {
  return (
    <div className="relative size-28 overflow-hidden rounded border border-gray-200 bg-white">
      <img src={src} alt={label} className="size-full object-contain" />
      <button type="button" onClick={onRemove} aria-label={`Remove ${label}`} className={removeClass}>
        <CloseIcon size={14} />
      </button>
    </div>
  );
}

function FilePreview({ file, label, onRemove }: { file: File; label: string; onRemove(): void }) {
  const url = useObjectUrl(file);
  return url ? <Preview src={url} label={label} onRemove={onRemove} /> : null;
}

function FileButton({
  label,
  multiple,
  onFiles,
}: {
  label: string;
  multiple?: boolean;
  onFiles(files: File[]): void;
}) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm text-gray-700">
        {label}
      </label>
      <input
        ref={input}
        id={id}
        type="file"
        accept={ACCEPT}
        multiple={multiple}
        onChange={(event) => {
          onFiles([...(event.target.files ?? [])].filter(acceptable));
          // The same file may be chosen again after it was removed.
          if (input.current) input.current.value = '';
        }}
        className="block w-full text-sm file:mr-3 file:rounded file:border-0 file:bg-gray-900 file:px-3 file:py-2 file:text-white hover:file:bg-black"
      />
    </div>
  );
}

/** One picture: the stored one (until removed) or a newly chosen file, previewed with a remove button. */
export function SingleImagePicker({
  label,
  currentUrl,
  file,
  onFile,
  onRemoveCurrent,
}: {
  label: string;
  currentUrl: string | null;
  file: File | null;
  onFile(file: File | null): void;
  onRemoveCurrent(): void;
}) {
  return (
    <div className="flex flex-col gap-3">
      <FileButton label={label} onFiles={(files) => files[0] && onFile(files[0])} />
      {file ? (
        <FilePreview file={file} label={`new ${label.toLowerCase()}`} onRemove={() => onFile(null)} />
      ) : currentUrl ? (
        <Preview src={currentUrl} label={`current ${label.toLowerCase()}`} onRemove={onRemoveCurrent} />
      ) : null}
    </div>
  );
}

/** More pictures: stored ones (each removable) and newly chosen files. */
export function GalleryPicker({
  label,
  existing,
  onRemoveExisting,
  files,
  onFiles,
}: {
  label: string;
  existing: readonly string[];
  onRemoveExisting(url: string): void;
  files: readonly File[];
  onFiles(files: File[]): void;
}) {
  return (
    <div className="flex flex-col gap-3">
      <FileButton label={label} multiple onFiles={(chosen) => onFiles([...files, ...chosen])} />
      {existing.length + files.length > 0 ? (
        <div className="flex flex-wrap gap-3">
          {existing.map((url, i) => (
            <Preview key={url} src={url} label={`image ${i + 1}`} onRemove={() => onRemoveExisting(url)} />
          ))}
          {files.map((file, i) => (
            <FilePreview
              key={keyOf(file)}
              file={file}
              label={`new image ${i + 1} (${file.name})`}
              onRemove={() => onFiles(files.filter((_, j) => j !== i))}
            />
          ))}
        </div>
      ) : null}
    </div>
  );
}
