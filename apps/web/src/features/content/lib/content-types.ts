/** A link inside help content: an app path ("/orders") or mailto:/tel:. */
export interface ContentLink {
  label: string;
  to: string;
}

export interface ContentTable {
  caption: string;
  head: string[];
  rows: string[][];
}

/** One piece of a section: a plain string is a paragraph. */
export type Block =
  | string
  | { list: string[] }
  | { steps: string[] }
  | { links: ContentLink[] }
  | { table: ContentTable };

export interface Section {
  heading: string;
  body: Block[];
}

/** Plain text of blocks, for search. */
export function blocksText(blocks: Block[]): string {
  return blocks
    .map((block) => {
      if (typeof block === 'string') return block;
      if ('list' in block) return block.list.join(' ');
      if ('steps' in block) return block.steps.join(' ');
      if ('links' in block) return block.links.map((link) => link.label).join(' ');
      return [block.table.caption, ...block.table.head, ...block.table.rows.flat()].join(' ');
    })
    .join(' ');
}

export function sectionsText(sections: Section[]): string {
  return sections.map((section) => `${section.heading} ${blocksText(section.body)}`).join(' ');
}
