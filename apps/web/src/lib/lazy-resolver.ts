import type { FieldValues, Resolver } from 'react-hook-form';

/**
 * A form resolver whose code (zod and the shared schemas) loads on the form's first check, not with
 * the page: the storefront's pages stay free of zod, and typing into a field starts the load early.
 */
export function lazyResolver<In extends FieldValues, Out = In>(
  load: () => Promise<Resolver<In, unknown, Out>>,
): Resolver<In, unknown, Out> {
  let resolver: Promise<Resolver<In, unknown, Out>> | undefined;
  return async (values, context, options) => {
    resolver ??= load();
    return (await resolver)(values, context, options);
  };
}
