import { useLocation } from 'react-router';
import { useDocumentTitle } from '@/lib/use-document-title';
import { PolicyView } from '../components/policy-view';
import { firstSegment, POLICY_PATHS } from '../routes';
import { POLICIES } from '../texts/policies';

/**
 * The policy served at this path. When the shop settings read exists, pass
 * `overrideText={settings[policy.settingKey]}` to PolicyView here.
 */
export function PolicyPage() {
  const segment = firstSegment(useLocation().pathname) as keyof typeof POLICY_PATHS;
  const policy = POLICIES[POLICY_PATHS[segment] ?? 'terms'];
  useDocumentTitle(policy.title);
  return <PolicyView policy={policy} path={`/${segment}`} />;
}
