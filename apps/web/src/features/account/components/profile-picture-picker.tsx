import { PROFILE_IMAGE_MAX_BYTES } from '@bazaar/shared/constants';
import { useEffect, useId, useState } from 'react';

const MAX_MB = PROFILE_IMAGE_MAX_BYTES / (1024 * 1024);

/** Checked here for a quick answer; the server checks the content again. */
export function profileImageProblem(file: File): string | null {
  if (!file.type.startsWith('image/')) return 'Please choose an image file';
  if (file.size > PROFILE_IMAGE_MAX_BYTES) return `The picture must be at most ${MAX_MB} MB`;
  return null;
}

interface Props {
  currentUrl: string | null | undefined;
  file: File | null;
  onFile(file: File | null): void;
  disabled: boolean;
  error?: string | undefined;
}

/** The avatar with a picture chooser; a chosen file is previewed before it is sent. */
export function ProfilePicturePicker({ currentUrl, file, onFile, disabled, error }: Props) {
  const inputId = useId();
  const [preview, setPreview] = useState<string | null>(null);
  useEffect(() => {
    if (!file) {
      setPreview(null);
      return;
    }
    const url = URL.createObjectURL(file);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);
  const shown = preview ?? currentUrl ?? null;

  return (
    <div className="flex items-center gap-5">
      {shown ? (
        <img
          src={shown}
          alt={preview ? 'Preview of the new profile picture' : 'Profile picture'}
          className="h-20 w-20 rounded-full border border-gray-200 object-cover"
        />
      ) : (
        <span
          role="img"
          aria-label="No profile picture"
          className="flex h-20 w-20 items-center justify-center rounded-full bg-gray-100 text-gray-400"
        >
          <svg
            width="40"
            height="40"
            viewBox="0 0 24 24"
            fill="none"
            stroke="currentColor"
            strokeWidth="1.5"
            aria-hidden="true"
          >
            <circle cx="12" cy="8" r="4" />
            <path d="M4 21a8 8 0 0 1 16 0" />
          </svg>
        </span>
      )}
      <div>
        <label
          htmlFor={inputId}
          className={`inline-block rounded border px-4 py-2 text-sm ${
            disabled
              ? 'cursor-not-allowed border-gray-200 text-gray-400'
              : 'cursor-pointer border-gray-300 hover:border-black'
          }`}
        >
          {file ? 'Choose another picture' : 'Choose profile picture'}
        </label>
        <input
          id={inputId}
          type="file"
          accept="image/*"
          className="sr-only"
          disabled={disabled}
          aria-describedby={error ? `${inputId}-error` : undefined}
          onChange={(event) => {
            onFile(event.target.files?.[0] ?? null);
            // Choosing the same file again after a Cancel must still fire a change.
            event.target.value = '';
          }}
        />
        {file ? <p className="mt-1 max-w-56 truncate text-xs text-gray-500">{file.name}</p> : null}
        {error ? (
          <p id={`${inputId}-error`} role="alert" className="mt-1 text-sm text-brand">
            {error}
          </p>
        ) : null}
      </div>
    </div>
  );
}
