import type { ProductFacts } from '@bazaar/shared';
import type { DescriptionWriter } from './description-writer';

const listed = (values: readonly string[]) =>
  values.length <= 1 ? (values[0] ?? '') : `${values.slice(0, -1).join(', ')} and ${values.at(-1)}`;

/**
 * Composes a description from the product's own fields, without any outside
 * service: what the shop uses when no AI key is configured, and when the AI
 * service fails. Plain sentences, only facts the admin entered.
 */
export class OfflineWriter implements DescriptionWriter {
  readonly name = 'offline';

  async write(facts: ProductFacts): Promise<string> {
    const range = facts.subCategory ?? facts.category;
    const first = [
      range
        ? `The ${facts.brand} ${facts.name}, from our ${range} range, is made to be used and enjoyed every day.`
        : `The ${facts.brand} ${facts.name} is made to be used and enjoyed every day.`,
      facts.material
        ? `It is made from ${facts.material.toLowerCase()}, chosen for comfort and lasting quality.`
        : '',
      facts.features ? facts.features.replace(/\s+/g, ' ').replace(/([^.!?])$/, '$1.') : '',
    ];
    const colours = facts.colours?.length ? listed(facts.colours) : '';
    const sizes = facts.sizes?.length ? `sizes ${listed(facts.sizes)}` : '';
    const availability =
      colours || sizes ? `Available in ${[colours, sizes].filter(Boolean).join(', in ')}.` : '';
    const origin =
      facts.madeIn && facts.seller
        ? `Made in ${facts.madeIn} and sold by ${facts.seller}.`
        : facts.madeIn
          ? `Made in ${facts.madeIn}.`
          : facts.seller
            ? `Sold by ${facts.seller}.`
            : '';
    const second = [availability, origin, `A dependable choice from ${facts.brand}, delivered to your door.`];
    const paragraph = (parts: string[]) => parts.filter(Boolean).join(' ');
    return `${paragraph(first)}\n\n${paragraph(second)}`;
  }
}
