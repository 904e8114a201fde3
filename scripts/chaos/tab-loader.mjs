// A Node module hook for `npm run chaos`: every browser tab runs its own copy of the module, so a
// copy of the shell is loaded per tab. The tab's number rides on the entry's URL (`?wc-tab=N`)
// and is passed on to everything it imports from src/, which Node then loads afresh.
const TAB = /[?&]wc-tab=(\d+)/;

/**
 * @param {string} specifier
 * @param {{ parentURL?: string }} context
 * @param {(specifier: string, context: { parentURL?: string }) => Promise<{ url: string }>} next
 * @returns {Promise<{ url: string }>}
 */
export async function resolve(specifier, context, next) {
  const resolved = await next(specifier, context);
  const tab = context.parentURL ? TAB.exec(context.parentURL) : null;
  if (!tab || !resolved.url.startsWith("file:") || resolved.url.includes("?") || !resolved.url.includes("/src/")) return resolved;
  return { ...resolved, url: `${resolved.url}?wc-tab=${tab[1]}` };
}
