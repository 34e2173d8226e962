import type { Block, ContentLink as ContentLinkData, ContentTable, Section } from '../lib/content-types';
import { ContentLink } from './content-link';

export function LinkList({ links, className = '' }: { links: ContentLinkData[]; className?: string }) {
  return (
    <ul className={`flex flex-col gap-2 ${className}`}>
      {links.map((link) => (
        <li key={link.to}>
          <ContentLink to={link.to}>{link.label}</ContentLink>
        </li>
      ))}
    </ul>
  );
}

function Table({ table }: { table: ContentTable }) {
  return (
    <div className="overflow-x-auto">
      <table className="w-full border-collapse text-left text-sm">
        <caption className="pb-2 text-left font-medium text-gray-700">{table.caption}</caption>
        <thead>
          <tr className="border-b-2 border-gray-300">
            {table.head.map((cell) => (
              <th key={cell} scope="col" className="py-2 pr-4 font-semibold">
                {cell}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {table.rows.map((row) => (
            <tr key={row[0]} className="border-b border-gray-200 align-top">
              {row.map((cell, i) =>
                i === 0 ? (
                  <th key={table.head[i]} scope="row" className="py-2 pr-4 font-medium">
                    {cell}
                  </th>
                ) : (
                  <td key={table.head[i]} className="py-2 pr-4 text-gray-800">
                    {cell}
                  </td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function BlockView({ block }: { block: Block }) {
  if (typeof block === 'string') return <p>{block}</p>;
  if ('list' in block) {
    return (
      <ul className="list-disc space-y-1.5 pl-5">
        {block.list.map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ul>
    );
  }
  if ('steps' in block) {
    return (
      <ol className="list-decimal space-y-1.5 pl-5">
        {block.steps.map((step) => (
          <li key={step}>{step}</li>
        ))}
      </ol>
    );
  }
  if ('links' in block) return <LinkList links={block.links} />;
  return <Table table={block.table} />;
}

function blockKey(block: Block, index: number): string {
  return typeof block === 'string' ? block : `${Object.keys(block)[0]}-${index}`;
}

/** Sections as h2 headings with their paragraphs, lists, steps, links and tables. */
export function SectionList({ sections }: { sections: Section[] }) {
  return (
    <div className="flex flex-col gap-10">
      {sections.map((section) => (
        <section key={section.heading}>
          <h2 id={headingId(section.heading)} className="text-xl font-semibold">
            {section.heading}
          </h2>
          <div className="mt-3 flex flex-col gap-3 leading-relaxed text-gray-800">
            {section.body.map((block, index) => (
              <BlockView key={blockKey(block, index)} block={block} />
            ))}
          </div>
        </section>
      ))}
    </div>
  );
}

function headingId(heading: string): string {
  return `section-${heading.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`;
}
