// The table client: one WebSocket per seat, speaking the game protocol.
// It knows no game: each state goes to the renderer of the game's family (the
// page's data-family: mahjong or cards).
import { MahjongView } from '/static/mahjong.js';
import { CardsView } from '/static/cards.js';

const VIEWS = { mahjong: MahjongView, cards: CardsView };

function uid() {
  if (globalThis.crypto && crypto.randomUUID) return crypto.randomUUID();
  return Math.random().toString(36).slice(2) + Date.now().toString(36);
}

export function start() {
  const root = document.getElementById('table');
  const token = root.dataset.token;
  const role = root.dataset.role;
  const game = root.dataset.game;
  const log = [];  // what was sent and received, newest last, to copy when something is wrong
  let state = null;
  let socket = null;
  let retry = 0;
  let gone = false;

  function remember(direction, message) {
    log.push({ at: new Date().toISOString(), [direction]: message });
    if (log.length > 500) log.shift();
  }

  const client = {
    role,
    game,
    act(text) {
      if (!state) return;
      // the step the action answers: one sent from an older view is refused, with the table as it is now
      if (send({ type: 'action', action: text, hand: state.hand, step: state.step, id: uid() })) view.busy(true);
    },
    auto(settings) { send({ type: 'auto', auto: settings }); },
    next() { send({ type: 'next' }); },
    help(action) { send(action ? { type: 'help', action } : { type: 'help' }); },
    log() { return JSON.stringify({ game, role, page: location.pathname, messages: log }, null, 1); },
    state() { return state; },
  };
  const View = VIEWS[root.dataset.family] || MahjongView;
  const view = new View(root, client);

  window.addEventListener('error', (event) => {
    view.error(`Something went wrong in this page: ${event.message}`);
  });
  window.addEventListener('unhandledrejection', (event) => {
    view.error(`Something went wrong in this page: ${event.reason}`);
  });

  function send(message) {
    if (socket && socket.readyState === WebSocket.OPEN) {
      remember('sent', message);
      socket.send(JSON.stringify(message));
      return true;
    }
    view.error('Not connected: reconnecting…');
    return false;
  }

  function connect() {
    const scheme = location.protocol === 'https:' ? 'wss' : 'ws';
    socket = new WebSocket(`${scheme}://${location.host}/ws/${token}`);
    socket.onopen = () => { retry = 0; view.connected(true); };
    socket.onmessage = (event) => {
      let message;
      try { message = JSON.parse(event.data); } catch { return; }
      remember('received', message);
      if (message.type === 'state') { state = message; view.render(message); }
      else if (message.type === 'error') {
        if (/no such seat/.test(message.message)) gone = true;
        if (message.state) { state = message.state; view.render(message.state); }
        view.error(message.message);
      } else if (message.type === 'help') view.help(message);
      else if (message.type === 'auto') view.autoSaved(message.auto);
    };
    socket.onclose = (event) => {
      view.connected(false);
      if (gone || event.code === 4404) { view.error('No such seat: the link is wrong or the table is gone.'); return; }
      retry = Math.min(retry + 1, 6);
      setTimeout(connect, 300 * 2 ** retry);
    };
  }
  connect();
  window.parlour = client;  // for the console and for tests
}
