/** An action that needs the server, tried offline. */
export const OFFLINE_ACTION =
  'You are offline: this needs a connection. Try again once you are back online.';
