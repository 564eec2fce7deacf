import {
  createBrowserHistory,
  createRootRouteWithContext,
  createRoute,
  createRouter,
  redirect,
  type RouterHistory,
} from '@tanstack/react-router';
import { ShellLayout } from '../features/shell';
import type { SessionStore } from '../features/session';
import { trackPathTrail } from '../lib/path-trail';
import { syncPageHead } from './page-head-sync';
import { requireSignIn } from './require-sign-in';
import { REDIRECTS, ROUTE_TABLE, type RouteEntry } from './route-table';
import { screenFor } from './screens';

export interface RouterContext {
  session: SessionStore;
}

const NOT_FOUND_PATH = '/404';

/** Shown if a route throws notFound(); unknown paths redirect to /404 and never get here. */
const NotFoundFallback = screenFor(
  ROUTE_TABLE.find((route) => route.path === NOT_FOUND_PATH) as RouteEntry,
);

/** Builds the route tree from the route table: public routes, a signed-in layout, redirects. */
export function buildRouteTree() {
  const rootRoute = createRootRouteWithContext<RouterContext>()({
    component: ShellLayout,
    notFoundComponent: NotFoundFallback,
  });

  const signedInLayout = createRoute({
    getParentRoute: () => rootRoute,
    id: 'signed-in',
    beforeLoad: ({ context, location }) => requireSignIn(context.session, location.href),
  });

  const publicRoutes = ROUTE_TABLE.filter((entry) => !entry.protected).map((entry) =>
    createRoute({ getParentRoute: () => rootRoute, path: entry.path, component: screenFor(entry) }),
  );
  const signedInRoutes = ROUTE_TABLE.filter((entry) => entry.protected).map((entry) =>
    createRoute({
      getParentRoute: () => signedInLayout,
      path: entry.path,
      component: screenFor(entry),
    }),
  );

  const redirectRoutes = REDIRECTS.map(({ from, to }) =>
    createRoute({
      getParentRoute: () => rootRoute,
      // '*' is any path no other route matches: the router's splat route.
      path: from === '*' ? '$' : from,
      beforeLoad: () => {
        throw redirect({ to, replace: true });
      },
    }),
  );

  return rootRoute.addChildren([
    ...publicRoutes,
    signedInLayout.addChildren(signedInRoutes),
    ...redirectRoutes,
  ]);
}

export function createAppRouter(options: { session: SessionStore; history?: RouterHistory }) {
  const router = createRouter({
    routeTree: buildRouteTree(),
    context: { session: options.session },
    history: options.history ?? createBrowserHistory(),
    scrollRestoration: true,
  });
  trackPathTrail(router);
  syncPageHead(router);
  return router;
}

export type AppRouter = ReturnType<typeof createAppRouter>;
