import { Provider } from 'jotai';
import { Component, lazy, type MouseEvent, type ReactNode, Suspense, useEffect } from 'react';
import { Route, Router, Switch } from 'wouter';
import { GalaxyRoute } from '../routes/GalaxyRoute';
import { UndecodableGalaxyRoute } from '../routes/UndecodableGalaxyRoute';
import { ensureHistoryKey, useHashPath } from '../url/hashLocation';
import { decodeRouteName, GALAXY_ROUTE } from '../url/routeName';
import type { Store } from '../state/store';
import { splitHash } from '../url/viewQuery';

// Home's cards and its import of the visitor's graphs: not among what a galaxy opens with
// (tests/unit/build/pageChunksHeld.test.ts).
const HomeRoute = lazy(() => import('../routes/HomeRoute').then(({ HomeRoute }) => ({ default: HomeRoute })));

function GalaxyRouteFor({ segment }: { segment: string }) {
  const name = decodeRouteName(segment);
  return name === undefined ? <UndecodableGalaxyRoute segment={segment} /> : <GalaxyRoute name={name} />;
}

export type RouteErrorHandler = (error: Error) => ReactNode;

interface RouteErrorBoundaryProps {
  /** Renders what to show instead of the failed route; without it the error is rethrown (docs/rules.md#errors). */
  onError?: RouteErrorHandler;
  /** The route's path: when it changes, a shown error is dropped and the new route rendered. */
  resetKey?: string;
  children: ReactNode;
}

interface RouteErrorBoundaryState {
  error?: Error;
}

/** The router's error rule: errors from a route are rethrown unless a handler is supplied. */
export class RouteErrorBoundary extends Component<RouteErrorBoundaryProps, RouteErrorBoundaryState> {
  override state: RouteErrorBoundaryState = {};

  static getDerivedStateFromError(error: unknown): RouteErrorBoundaryState {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  override componentDidUpdate(previous: RouteErrorBoundaryProps): void {
    if (this.state.error && previous.resetKey !== this.props.resetKey) this.setState({ error: undefined });
  }

  override render(): ReactNode {
    const { error } = this.state;
    if (!error) return this.props.children;
    if (!this.props.onError) throw error;
    return this.props.onError(error);
  }
}

/** Home by changing the hash (which clears the error); on Home already, a reload is the only way out. */
function goHome(event: MouseEvent<HTMLAnchorElement>): void {
  if (splitHash(location.hash).path !== '/') return;
  event.preventDefault();
  location.reload();
}

function showRouteError(error: Error): ReactNode {
  return (
    <main role="alert" style={{ padding: 16 }}>
      <h1>Something went wrong</h1>
      <p>{error.message}</p>
      <a href="#/" onClick={goHome}>
        Go home
      </a>
    </main>
  );
}

/** The app over a store whose viewer is started (src/app/startViewer.ts): routes, panels and the canvas. */
export function App({ store, onRouteError = showRouteError }: { store: Store; onRouteError?: RouteErrorHandler }) {
  useEffect(ensureHistoryKey, []);
  const [path] = useHashPath();
  return (
    <Provider store={store}>
      <Router hook={useHashPath}>
        <RouteErrorBoundary onError={onRouteError} resetKey={path}>
          <Switch>
            <Route path={GALAXY_ROUTE}>{(params) => <GalaxyRouteFor segment={params.segment ?? ''} />}</Route>
            {/* The index route has no path (docs/rules.md#routes). */}
            <Route>
              <Suspense fallback={null}>
                <HomeRoute />
              </Suspense>
            </Route>
          </Switch>
        </RouteErrorBoundary>
      </Router>
    </Provider>
  );
}
