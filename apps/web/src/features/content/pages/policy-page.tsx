import { useLocation } from 'react-router';
import { PageMeta } from '@/lib/page-meta';
import { useShopSettings } from '@/lib/shop-settings';
import { PolicyView } from '../components/policy-view';
import { firstSegment, POLICY_PATHS } from '../routes';
import { POLICIES } from '../texts/policies';

/** The policy served at this path; the text an admin wrote in Shop Settings replaces the built-in one. */
export function PolicyPage() {
  const segment = firstSegment(useLocation().pathname) as keyof typeof POLICY_PATHS;
  const policy = POLICIES[POLICY_PATHS[segment] ?? 'terms'];
  const settings = useShopSettings();
  const overrideText = policy.settingKey ? settings?.[policy.settingKey] : undefined;
  return (
    <>
      <PageMeta title={policy.title} />
      <PolicyView policy={policy} path={`/${segment}`} overrideText={overrideText} />
    </>
  );
}
