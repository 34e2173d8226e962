import { RETURN_PHOTO_LIMITS } from '@bazaar/shared/schemas/returns';
import { useState } from 'react';
import { Button } from '@/components/ui/button';

/** The pictures the server converts (it checks the bytes again: a renamed file is refused there too). */
const PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif', 'image/avif'];
const MB = 1024 * 1024;
const sizeOf = (bytes: number) =>
  bytes >= MB ? `${(bytes / MB).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`;

/** Why `file` cannot be a return's photo, or null: checked before the request, so no upload is wasted. */
export function photoProblem(file: File): string | null {
  if (!PHOTO_TYPES.includes(file.type)) {
    return `“${file.name}” is not a photo: choose a JPEG, PNG or WebP picture.`;
  }
  if (file.size > RETURN_PHOTO_LIMITS.bytes) {
    return `“${file.name}” is ${sizeOf(file.size)}: a photo can be at most ${RETURN_PHOTO_LIMITS.bytes / MB} MB.`;
  }
  return null;
}

/**
 * The return form's one optional photo: a file refused here says why and is not kept; a chosen one
 * is named with its size and can be removed. The file input is remade on remove (its value cannot be
 * set back to a file, only emptied).
 */
export function ReturnPhotoInput({
  photo,
  onChange,
}: {
  photo: File | null;
  onChange(photo: File | null): void;
}) {
  const [problem, setProblem] = useState<string | null>(null);
  const [inputKey, setInputKey] = useState(0);
  const clear = () => {
    onChange(null);
    setInputKey((k) => k + 1);
  };
  return (
    <div className="mt-4 text-sm">
      <label className="block">
        Photo of the item (optional: one picture, JPEG, PNG or WebP, at most {RETURN_PHOTO_LIMITS.bytes / MB}{' '}
        MB)
        <input
          key={inputKey}
          type="file"
          accept={PHOTO_TYPES.join(',')}
          className="mt-1 block"
          aria-describedby={problem ? 'return-photo-problem' : undefined}
          onChange={(e) => {
            const file = e.target.files?.[0] ?? null;
            const refused = file ? photoProblem(file) : null;
            setProblem(refused);
            if (refused) clear();
            else onChange(file);
          }}
        />
      </label>
      {problem ? (
        <p id="return-photo-problem" role="alert" className="mt-1 text-red-700">
          {problem}
        </p>
      ) : null}
      {photo ? (
        <p className="mt-2 flex items-center gap-3">
          <span>
            Photo: {photo.name} ({sizeOf(photo.size)})
          </span>
          <Button variant="outline" size="sm" onClick={clear}>
            Remove photo
          </Button>
        </p>
      ) : null}
    </div>
  );
}
