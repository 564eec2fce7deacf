// Shared setup for unit tests. DOM stand-ins live here for tests that opt into happy-dom
// with a `// @vitest-environment happy-dom` comment; Node-only tests are unaffected.
export {};
