// The table client: one WebSocket per seat, speaking the game protocol.
// It knows no game: each state goes to the renderer of the game's family.
import { MahjongView } from '/static/mahjong.js';

function uid() {
  if (globalThis.crypto && crypto.randomUUID) return crypto.randomUUID();
  return Math.random().toString(36).slice(2) + Date.now().toString(36);
}

export function start() {
  const root = document.getElementById('table');
  const token = root.dataset.token;
  const role = root.dataset.role;
  const game = root.dataset.game;
  const received = [];
  let state = null;
  let socket = null;
  let retry = 0;
  const client = {
    role,
    game,
    act(text) {
      if (!state) return;
      send({ type: 'action', action: text, hand: state.hand, id: uid() });
    },
    auto(settings) { send({ type: 'auto', auto: settings }); },
    next() { send({ type: 'next' }); },
    help(action) { send(action ? { type: 'help', action } : { type: 'help' }); },
    log() { return JSON.stringify(received, null, 1); },
  };
  const view = new MahjongView(root, client);

  function send(message) {
    if (socket && socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify(message));
    else view.error('not connected: reconnecting…');
  }

  function connect() {
    const scheme = location.protocol === 'https:' ? 'wss' : 'ws';
    socket = new WebSocket(`${scheme}://${location.host}/ws/${token}`);
    socket.onopen = () => { retry = 0; view.connected(true); };
    socket.onmessage = (event) => {
      let message;
      try { message = JSON.parse(event.data); } catch { return; }
      received.push(message);
      if (received.length > 500) received.shift();
      if (message.type === 'state') { state = message; view.render(message); }
      else if (message.type === 'error') view.error(message.message);
      else if (message.type === 'help') view.help(message);
      else if (message.type === 'auto') view.autoSaved(message.auto);
    };
    socket.onclose = (event) => {
      view.connected(false);
      if (event.code === 4404) { view.error('no such seat: the link is wrong'); return; }
      retry = Math.min(retry + 1, 6);
      setTimeout(connect, 300 * 2 ** retry);
    };
  }
  connect();
  window.parlour = client;  // for the console and for tests
}
