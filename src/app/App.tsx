import { Provider } from 'jotai';
import { Route, Router, Switch } from 'wouter';
import { useHashLocation } from 'wouter/use-hash-location';
import { GalaxyRoute } from '../routes/GalaxyRoute';
import { HomeRoute } from '../routes/HomeRoute';

export function App() {
  return (
    <Provider>
      <Router hook={useHashLocation}>
        <Switch>
          <Route path="/galaxy/:name">{(params) => <GalaxyRoute name={decodeURIComponent(params.name)} />}</Route>
          <Route>
            <HomeRoute />
          </Route>
        </Switch>
      </Router>
    </Provider>
  );
}
