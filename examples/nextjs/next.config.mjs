// pagesmith starts its template and render threads from files beside its own, so Next.js loads it
// from node_modules at run time instead of bundling it.
/** @type {import('next').NextConfig} */
const config = {
  serverExternalPackages: ['pagesmith'],
  // This folder is the app, not the pagesmith repository around it.
  turbopack: { root: import.meta.dirname },
};

export default config;
