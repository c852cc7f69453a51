import { Provider } from 'jotai';
import { Component, type ReactNode, useEffect } from 'react';
import { Route, Router, Switch } from 'wouter';
import { GalaxyRoute } from '../routes/GalaxyRoute';
import { HomeRoute } from '../routes/HomeRoute';
import { ensureHistoryKey, useHashPath } from '../url/hashLocation';

export type RouteErrorHandler = (error: Error) => ReactNode;

interface RouteErrorBoundaryProps {
  /** Renders what to show instead of the failed route; without it the error is rethrown (docs/rules.md#errors). */
  onError?: RouteErrorHandler;
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

  override render(): ReactNode {
    const { error } = this.state;
    if (!error) return this.props.children;
    if (!this.props.onError) throw error;
    return this.props.onError(error);
  }
}

function showRouteError(error: Error): ReactNode {
  return (
    <main role="alert" style={{ padding: 16 }}>
      <h1>Something went wrong</h1>
      <p>{error.message}</p>
      <a href="#/" onClick={() => location.reload()}>
        Go home
      </a>
    </main>
  );
}

export function App({ onRouteError = showRouteError }: { onRouteError?: RouteErrorHandler } = {}) {
  useEffect(ensureHistoryKey, []);
  return (
    <Provider>
      <Router hook={useHashPath}>
        <RouteErrorBoundary onError={onRouteError}>
          <Switch>
            <Route path="/galaxy/:name">{(params) => <GalaxyRoute name={decodeURIComponent(params.name)} />}</Route>
            {/* The index route has no path (docs/rules.md#routes). */}
            <Route>
              <HomeRoute />
            </Route>
          </Switch>
        </RouteErrorBoundary>
      </Router>
    </Provider>
  );
}
