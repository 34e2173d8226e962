import { CONTACT_SUBJECT_LABELS, type ContactSubject } from '@bazaar/shared/schemas/content';

/** The subject as the contact form's select shows it; the profile area's messages have none. */
export function subjectLabel(subject: ContactSubject | null): string {
  return subject ? CONTACT_SUBJECT_LABELS[subject] : 'General (profile)';
}
