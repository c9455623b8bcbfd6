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

// The away notice: for each person's seat that is away, who plays it (the same for
// every seat and spectator, from the state's presence), and, for a person who comes
// back, what a bot played for them meanwhile. The seconds tick between messages.
export class AwayNotice {
  constructor(root) {
    this.root = root;
    this.key = '';
    this.deadlines = new Map();  // player -> when the bot takes over (performance.now())
    this.timer = null;
  }

  // The sentence for one away seat (without its seconds, which tick).
  static words(seat, policy) {
    const who = seat.name;
    if (seat.bot_playing) {
      return policy === 'bot_hand' ? `A bot is playing for ${who} to the end of this hand (then the table waits for them).`
        : `A bot is playing for ${who} until they return.`;
    }
    if (seat.bot_in_seconds !== null && seat.bot_in_seconds !== undefined) return `${who} is away: a bot plays for them in`;
    return `${who} is away: the table waits for them.`;
  }

  render(state) {
    const away = (state.presence || []).filter((p) => !p.connected);
    const mine = state.played_for_you || 0;
    const lines = away.map((p) => [p.player, AwayNotice.words(p, state.away_policy)]);
    const key = JSON.stringify([lines, mine]);
    const now = performance.now();
    this.deadlines = new Map(away.filter((p) => p.bot_in_seconds !== null && p.bot_in_seconds !== undefined)
      .map((p) => [p.player, now + p.bot_in_seconds * 1000]));
    if (key !== this.key) {
      this.key = key;
      this.root.innerHTML = '';
      for (const [player, text] of lines) {
        const line = document.createElement('p');
        line.dataset.player = String(player);
        const seat = away.find((p) => p.player === player);
        line.dataset.away = seat.bot_playing ? 'bot' : this.deadlines.has(player) ? 'soon' : 'waits';
        line.append(text);
        if (this.deadlines.has(player)) {
          const seconds = document.createElement('span');
          seconds.className = 'away-seconds';
          seconds.setAttribute('aria-live', 'off');
          line.append(' ', seconds, ' s.');
        }
        this.root.append(line);
      }
      if (mine) {
        const line = document.createElement('p');
        line.className = 'played-for-you';
        line.textContent = `A bot played for you while you were away (${mine} action${mine === 1 ? '' : 's'}).`;
        this.root.append(line);
      }
      this.root.hidden = !this.root.childElementCount;
    }
    this.tick();
    if (this.deadlines.size && !this.timer) this.timer = setInterval(() => this.tick(), 500);
    if (!this.deadlines.size && this.timer) { clearInterval(this.timer); this.timer = null; }
  }

  tick() {
    const now = performance.now();
    for (const [player, at] of this.deadlines) {
      const span = this.root.querySelector(`p[data-player="${player}"] .away-seconds`);
      if (!span) continue;
      const left = String(Math.max(0, Math.ceil((at - now) / 1000)));
      if (span.textContent !== left) { span.textContent = left; span.dataset.seconds = left; }
    }
  }
}

// The server's clock, for the clocks a family's view does not show itself (a card
// table's windows, a turn clock): "12 s left to answer" or "Turn clock: 12 s (South)",
// ticking between the server's messages. A view that shows a clock sets showsClock.
export class ClockLine {
  constructor(root) {
    this.root = root;
    this.deadline = null;
    this.label = '';
    this.timer = setInterval(() => this.tick(), 500);
  }

  render(state, shownByView) {
    const left = state.seconds_left;
    const running = left !== null && left !== undefined && !state.between_hands && !state.match_over;
    if (!running || shownByView) { this.deadline = null; this.root.hidden = true; return; }
    this.deadline = performance.now() + left * 1000;
    if (state.clock === 'turn') {
      const who = (state.presence || []).find((p) => p.player === state.clock_player);
      this.label = state.clock_player === state.player ? 'Your turn clock'
        : who ? `${who.name}'s turn clock` : 'Turn clock';
    } else this.label = state.answered ? 'Your answer is in; the others have' : 'Time left to answer';
    this.root.hidden = false;
    this.tick();
  }

  tick() {
    if (this.deadline === null) return;
    const left = Math.max(0, Math.ceil((this.deadline - performance.now()) / 1000));
    const text = `${this.label}: ${left} s`;
    if (this.root.textContent !== text) { this.root.textContent = text; this.root.dataset.seconds = String(left); }
  }
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
  const awayRoot = document.getElementById('away');
  const away = awayRoot ? new AwayNotice(awayRoot) : null;
  const clockRoot = document.getElementById('clock');
  const clock = clockRoot ? new ClockLine(clockRoot) : null;
  const family = root.dataset.family || 'mahjong';
  function show(message) {
    state = message;
    view.render(message);
    if (away) away.render(message);
    // the mahjong view shows a window's countdown in its claims; every other clock here
    const shown = view.showsClock === true || (family === 'mahjong' && message.clock === 'window');
    if (clock) clock.render(message, shown);
  }

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
      if (message.type === 'state') show(message);
      else if (message.type === 'error') {
        if (/no such seat/.test(message.message)) gone = true;
        if (message.state) show(message.state);
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
