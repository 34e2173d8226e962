/** The pencil of the admin's editable rows. */
export function EditIcon() {
  return (
    <svg
      width={18}
      height={18}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.75}
      aria-hidden="true"
    >
      <path d="M4 20h4L19 9l-4-4L4 16v4ZM14 6l4 4" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}
