// Words the account forms show themselves, kept apart from the schemas so the pages need no zod.
export const PASSWORDS_DIFFER = 'Passwords do not match';
