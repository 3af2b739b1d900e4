/* global module */
/**
 * node-polyglot (react-admin's translator) asks for the `object.entries` polyfill, which brings a dozen es-shims
 * packages (get-intrinsic, call-bind, define-properties…, about 5 kB gzip) into the login page for a function every
 * browser the panel supports has: vite.config.ts points the package here.
 */
module.exports = function entries(object) {
  return Object.entries(object);
};
