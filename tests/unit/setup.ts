// Shared setup for unit tests. DOM stand-ins live here for tests that opt into happy-dom
// with a `// @vitest-environment happy-dom` comment; Node-only tests are unaffected.
import { afterEach } from 'vitest';

if (typeof window !== 'undefined') {
  const { cleanup, configure } = await import('@testing-library/react');
  afterEach(() => cleanup());
  // findBy/waitFor wait up to 5 s instead of 1 s: on a busy 2-core CI machine a screen can take
  // longer than a second to settle. A screen that never shows the thing still fails.
  configure({ asyncUtilTimeout: 5_000 });

  // Mantine reads the colour-scheme and reduced-motion media queries.
  if (!window.matchMedia) {
    Object.defineProperty(window, 'matchMedia', {
      writable: true,
      configurable: true,
      value: (query: string): MediaQueryList =>
        ({
          matches: false,
          media: query,
          onchange: null,
          addListener: () => undefined,
          removeListener: () => undefined,
          addEventListener: () => undefined,
          removeEventListener: () => undefined,
          dispatchEvent: () => false,
        }) as MediaQueryList,
    });
  }

  // Mantine and the top bar measure elements; happy-dom has no layout, so nothing ever resizes.
  if (!('ResizeObserver' in window)) {
    class ResizeObserverStandIn {
      observe(): void {}
      unobserve(): void {}
      disconnect(): void {}
    }
    Object.defineProperty(window, 'ResizeObserver', {
      writable: true,
      configurable: true,
      value: ResizeObserverStandIn,
    });
    Object.defineProperty(globalThis, 'ResizeObserver', {
      writable: true,
      configurable: true,
      value: ResizeObserverStandIn,
    });
  }

  window.HTMLElement.prototype.scrollIntoView ??= () => undefined;

  // Markup a browser would rebuild (a badge's <div> inside a <p>) fails the test that drew it:
  // React only warns, and the screen then differs from what the test reads.
  const invalidNesting: string[] = [];
  const consoleError = console.error.bind(console);
  console.error = (...args: unknown[]) => {
    const message = args.map(String).join(' ');
    if (/cannot be a descendant of|cannot contain a nested/.test(message)) {
      invalidNesting.push(message.split('\n')[0] ?? message);
    }
    consoleError(...args);
  };
  afterEach(() => {
    const found = invalidNesting.splice(0);
    if (found.length > 0) throw new Error(`Invalid HTML nesting:\n${found.join('\n')}`);
  });
}
