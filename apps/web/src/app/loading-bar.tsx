import { useEffect, useState, useSyncExternalStore } from 'react';
import { useNavigation } from 'react-router';
import { inFlightCount, subscribeInFlight } from '../lib/in-flight.ts';
import classes from './loading-bar.module.css';

/** Below this a request or navigation ends before the bar would show: no flicker on fast answers. */
const SHOW_AFTER_MS = 120;

const subscribe = (onChange: () => void) => subscribeInFlight(onChange);

/**
 * The loading bar at the top of the page (spec section 2): shown while any API request is in
 * flight or a navigation loads its screen (lazy module, loader).
 */
export function LoadingBar() {
  const requests = useSyncExternalStore(subscribe, inFlightCount, () => 0);
  const navigating = useNavigation().state !== 'idle';
  const busy = requests > 0 || navigating;
  const [shown, setShown] = useState(false);

  useEffect(() => {
    if (!busy) {
      setShown(false);
      return;
    }
    const timer = setTimeout(() => setShown(true), SHOW_AFTER_MS);
    return () => clearTimeout(timer);
  }, [busy]);

  if (!shown) return null;
  // In a landmark of its own: no page content outside one (axe's region rule).
  return (
    <section aria-label="Page loading">
      <div className={classes.bar} role="progressbar" aria-label="Loading" aria-busy="true">
        <div className={classes.indicator} />
      </div>
    </section>
  );
}
