import { MAP_EMBED_URL, MAP_LINK } from '../texts/contact';
import { linkClass } from './content-link';

/** OpenStreetMap's embedded map of the office (the CSP frames exactly www.openstreetmap.org). */
export function OfficeMap({ address }: { address: string }) {
  return (
    <div>
      <iframe
        title={`Map showing our office: ${address}`}
        src={MAP_EMBED_URL}
        loading="lazy"
        referrerPolicy="strict-origin-when-cross-origin"
        sandbox="allow-scripts allow-same-origin allow-popups"
        className="h-72 w-full rounded-lg border border-gray-300 sm:h-80"
      />
      <a
        href={MAP_LINK}
        target="_blank"
        rel="noopener noreferrer"
        className={`${linkClass} mt-2 inline-block text-sm`}
      >
        View a larger map on OpenStreetMap
        <span className="sr-only"> (opens in a new tab)</span>
      </a>
    </div>
  );
}
