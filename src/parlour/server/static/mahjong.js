// The mahjong renderer: every mahjong rule system's table, from its observation alone.

const SUITS = { m: 'characters', p: 'circles', s: 'bamboos' };
const HONOURS = { E: 'East wind', S: 'South wind', W: 'West wind', N: 'North wind',
  C: 'Red dragon', F: 'Green dragon', P: 'White dragon' };

export function tileWords(name) {
  if (SUITS[name.slice(-1)] && name.length === 2) return `${name[0]} of ${SUITS[name[1]]}`;
  if (HONOURS[name]) return HONOURS[name];
  if (name[0] === 'f') return `Flower ${name[1]}`;
  if (name[0] === 'x') return `Season ${name[1]}`;
  if (name === 'J') return 'Joker';
  return name;
}

// "123m 4p" -> ["1m","2m","3m","4p"]; bracketed melds are kept whole elsewhere
export function tiles(text) {
  const out = [];
  if (!text) return out;
  for (const group of text.split(/\s+/)) {
    const m = group.match(/^([1-9]+)([mps])$/);
    if (m) { for (const d of m[1]) out.push(d + m[2]); continue; }
    const bonus = group.match(/^([fx])([1-4]+)$/);
    if (bonus) { for (const d of bonus[2]) out.push(bonus[1] + d); continue; }
    if (/^[ESWNCFPJ]+$/.test(group)) { for (const c of group) out.push(c); continue; }
    if (group) out.push(group);
  }
  return out;
}

function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (k === 'class') node.className = v;
    else if (k.startsWith('on')) node.addEventListener(k.slice(2), v);
    else if (v !== undefined && v !== null && v !== false) node.setAttribute(k, v === true ? '' : v);
  }
  for (const c of children.flat()) {
    if (c === null || c === undefined) continue;
    node.append(c instanceof Node ? c : document.createTextNode(String(c)));
  }
  return node;
}

export function tileImage(name, extra = {}) {
  const words = tileWords(name);
  return el('img', { src: `/tiles/${encodeURIComponent(name)}.svg`, alt: words, title: words,
    class: 'tile', ...extra });
}

function meldTiles(text) {
  // "[123m>1]" "{EEEE}" "{????}" "[23mJ*=1m]"
  const concealed = text.startsWith('{');
  const body = text.replace(/^[[{]|[\]}]$/g, '').replace(/>\d$/, '').replace(/=.*$/, '');
  const span = el('span', { class: 'meld' + (concealed ? ' concealed' : ''), title: text });
  if (body === '????') {
    for (let i = 0; i < 4; i++) span.append(el('span', { class: 'tile back', 'aria-label': 'a face-down tile' }));
    return span;
  }
  for (const t of tiles(body.replace(/\*/g, ''))) span.append(tileImage(t, { class: 'tile small' }));
  return span;
}

const CLAIM_WORDS = { pass: 'Pass', win: 'Win', rob: 'Rob the kong', pung: 'Pung', kong: 'Kong',
  chow: 'Chow', concealed_kong: 'Concealed kong', added_kong: 'Add to pung' };

export class MahjongView {
  constructor(root, client) {
    this.root = root;
    this.client = client;
    this.focus = 0;
    root.innerHTML = '';
    this.status = el('p', { class: 'status', role: 'status' });
    this.errorBox = el('p', { class: 'error', role: 'alert', hidden: true });
    this.board = el('div', { class: 'board' });
    this.result = el('section', { class: 'result', hidden: true, 'aria-label': 'end of the hand' });
    this.tools = el('details', { class: 'tools' }, el('summary', {}, 'Auto-actions, help, record'));
    this.logBox = el('ol', { class: 'events', 'aria-label': 'what happened' });
    root.append(this.status, this.errorBox, this.board, this.result, this.tools,
      el('details', { class: 'log' }, el('summary', {}, 'Events'), this.logBox));
    this.buildTools();
    document.addEventListener('keydown', (e) => this.key(e));
  }

  connected(on) {
    this.status.dataset.connected = on ? 'yes' : 'no';
    if (!on) this.status.textContent = 'connection lost: reconnecting…';
  }

  error(message) {
    this.errorBox.hidden = false;
    this.errorBox.textContent = message;
    clearTimeout(this.errorTimer);
    this.errorTimer = setTimeout(() => { this.errorBox.hidden = true; }, 6000);
  }

  help(message) {
    const lines = [];
    const waits = Object.entries(message.waits || {});
    lines.push(waits.length ? 'Waits: ' + waits.map(([t, n]) => `${tileWords(t)} (${n} unseen)`).join(', ')
      : 'Not ready: no tile completes the hand now.');
    if (message.why) lines.push(message.why);
    this.helpOut.textContent = lines.join(' · ');
  }

  autoSaved(auto) { this.autoState = auto; }

  buildTools() {
    if (this.client.role === 'spectator') { this.tools.hidden = true; return; }
    const boxes = [['pass_chow', 'Pass on chows'], ['pass_pung', 'Pass on pungs'],
      ['pass_kong', 'Pass on kongs'], ['discard_drawn', 'Discard the drawn tile']];
    const form = el('fieldset', {}, el('legend', {}, 'Auto-actions (kept across hands; never an auto-win)'));
    for (const [key, label] of boxes) {
      const box = el('input', { type: 'checkbox', id: `auto-${key}`,
        onchange: () => this.client.auto({ [key]: box.checked }) });
      form.append(el('label', {}, box, ' ', label));
    }
    this.helpOut = el('p', { class: 'help', 'aria-live': 'polite' });
    const why = el('input', { type: 'text', id: 'why', placeholder: 'an action, e.g. win',
      'aria-label': 'ask why an action is refused' });
    const helpRow = el('p', {},
      el('button', { type: 'button', id: 'help', onclick: () => this.client.help() }, 'My waits'), ' ',
      why, ' ', el('button', { type: 'button', onclick: () => this.client.help(why.value.trim() || 'win') }, 'Why not?'));
    const copy = el('button', { type: 'button', onclick: () => this.copyLog() }, 'Copy the game log');
    const record = el('a', { href: `/api/tables/${this.client.game}/record`, download: `parlour-${this.client.game}.json` },
      'Download the record (once the game is over)');
    this.tools.append(form, helpRow, this.helpOut, el('p', {}, copy, ' ', record));
  }

  copyLog() {
    const text = this.client.log();
    if (navigator.clipboard) navigator.clipboard.writeText(text).catch(() => {});
    this.helpOut.textContent = `The log (${text.length} characters) is copied; the record is at /api/tables/${this.client.game}/record once the game is over.`;
  }

  key(e) {
    if (!this.state || e.target.tagName === 'INPUT') return;
    const hand = this.root.querySelectorAll('.hand button.tile-button');
    if (e.key === 'ArrowRight' || e.key === 'ArrowLeft') {
      if (!hand.length) return;
      this.focus = (this.focus + (e.key === 'ArrowRight' ? 1 : hand.length - 1)) % hand.length;
      hand[this.focus].focus();
      e.preventDefault();
    } else if (e.key === 'p' || e.key === 'P') {
      const pass = this.root.querySelector('button[data-action="pass"]');
      if (pass) pass.click();
    } else if (e.key === 'w' || e.key === 'W') {
      const win = this.root.querySelector('button[data-kind="win"], button[data-kind="rob"]');
      if (win) win.click();
    }
  }

  label(obs, seat) {
    const players = obs.match.players;
    const player = players.find((p) => p.seat === seat);
    const name = player ? player.name : `seat ${seat}`;
    const wind = obs.seat_names[seat];
    const n = obs.seat_names.length;
    const me = obs.seat;
    let where = '';
    if (me !== null && me !== undefined) {
      const d = (seat - me + n) % n;
      where = d === 0 ? 'you' : d === 1 ? 'right' : d === n - 1 ? 'left' : 'opposite';
    }
    return { name, wind, where, score: player ? player.score : 0 };
  }

  render(state) {
    this.state = state;
    const obs = state.observation;
    const n = obs.seat_names.length;
    const me = obs.seat;
    const total = obs.match.players.length === 4 && obs.seat_names.length === 4 ? 16 : null;
    const parts = [`Hand ${state.hand}${total ? ' of ' + total : ''}`, `round ${obs.prevailing}`,
      `wall ${obs.wall}`];
    if (me !== null && me !== undefined) parts.push(`you are ${obs.seat_name}`);
    if (state.claim_seconds_left !== null && state.claim_seconds_left !== undefined && obs.phase !== 'turn')
      parts.push(`claim window: ${Math.ceil(state.claim_seconds_left)} s`);
    if (state.answered) parts.push('your answer is in');
    this.status.textContent = parts.join(' · ');
    this.board.innerHTML = '';
    const order = me === null || me === undefined ? [...Array(n).keys()]
      : [...Array(n).keys()].map((k) => (me + k + 1) % n);  // others first, you last
    for (const seat of order) this.board.append(this.seatPanel(state, seat));
    if (me !== null && me !== undefined) this.board.append(this.actions(state));
    for (const e of state.events || []) this.logBox.append(el('li', {}, this.eventText(obs, e)));
    while (this.logBox.children.length > 200) this.logBox.firstChild.remove();
    this.renderResult(state);
  }

  seatPanel(state, seat) {
    const obs = state.observation;
    const who = this.label(obs, seat);
    const mine = seat === obs.seat;
    const dealer = seat === obs.dealer ? el('span', { class: 'dealer', title: 'dealer' }, ' (dealer)') : null;
    const head = el('h2', {}, `${who.name} · ${who.wind}${who.where ? ' · ' + who.where : ''} · ${who.score}`, dealer);
    const panel = el('section', { class: 'seat' + (mine ? ' mine' : '') + (obs.current === seat ? ' current' : ''),
      'aria-label': `${who.name}, ${who.wind}` }, head);
    const melds = el('div', { class: 'melds', 'aria-label': 'melds' });
    for (const m of obs.melds[seat]) melds.append(meldTiles(m));
    const bonus = el('div', { class: 'bonus', 'aria-label': 'bonus tiles' }, tiles(obs.bonus[seat]).map((t) => tileImage(t, { class: 'tile small' })));
    panel.append(melds, bonus);
    if (mine) panel.append(this.hand(state));
    else {
      const shown = obs.public_hands[seat];
      panel.append(shown ? el('div', { class: 'public' }, 'Open hand: ', tiles(shown).map((t) => tileImage(t, { class: 'tile small' })))
        : el('p', { class: 'size' }, `${obs.hand_sizes[seat]} tiles in hand`));
    }
    const river = tiles(obs.discards[seat]);
    const discards = el('div', { class: 'discards', 'aria-label': 'discards, oldest first' });
    river.forEach((t, i) => {
      const last = obs.last_discard && obs.last_discard.seat === seat && i === river.length - 1;
      discards.append(tileImage(t, { class: 'tile small' + (last ? ' last' : ''), 'data-last': last ? 'yes' : null }));
    });
    panel.append(discards);
    return panel;
  }

  hand(state) {
    const obs = state.observation;
    const legal = obs.legal || [];
    const discards = new Set(legal.filter((a) => /^discard \S+$/.test(a)).map((a) => a.slice(8)));
    const drawn = this.drawn(state);
    const row = el('div', { class: 'hand', role: 'group', 'aria-label': 'your hand' });
    const hand = tiles(obs.hand);
    let marked = false;
    const ordered = [];
    for (const t of hand) {
      if (!marked && drawn && t === drawn) { marked = true; continue; }
      ordered.push([t, false]);
    }
    if (marked) ordered.push([drawn, true]);
    for (const [t, isDrawn] of ordered) {
      const can = discards.has(t);
      const b = el('button', { type: 'button', class: 'tile-button' + (isDrawn ? ' drawn' : ''), disabled: !can,
        'data-tile': t, title: `${tileWords(t)}${isDrawn ? ' (just drawn)' : ''}${can ? ': discard' : ''}`,
        'aria-label': `${tileWords(t)}${isDrawn ? ', just drawn' : ''}${can ? ', discard' : ''}`,
        onclick: () => this.client.act(`discard ${t}`) }, tileImage(t));
      row.append(b);
    }
    return row;
  }

  drawn(state) {
    const events = state.events || [];
    for (let i = events.length - 1; i >= 0; i--) if (events[i].kind === 'drawn') return events[i].tile;
    return this.lastDrawn || null;
  }

  actions(state) {
    const obs = state.observation;
    const legal = (obs.legal || []).filter((a) => !/^discard \S+$/.test(a));
    const bar = el('div', { class: 'actions', role: 'group', 'aria-label': 'your choices' });
    if (state.answered) bar.append(el('span', {}, 'Waiting for the others…'));
    for (const a of legal) {
      const kind = a.split(' ')[0];
      const rest = a.slice(kind.length + 1);
      const words = CLAIM_WORDS[kind] || kind;
      const text = kind === 'chow' && obs.last_discard ? `Chow ${rest} (with ${obs.last_discard.tile})`
        : rest ? `${words} ${rest}` : words;
      bar.append(el('button', { type: 'button', 'data-action': a, 'data-kind': kind,
        class: kind === 'win' || kind === 'rob' ? 'win' : '', onclick: () => this.client.act(a) }, text));
    }
    return bar;
  }

  eventText(obs, e) {
    const who = e.seat !== undefined && e.seat !== null ? this.label(obs, e.seat).name : '';
    switch (e.kind) {
      case 'drawn': this.lastDrawn = e.tile; return `you draw ${tileWords(e.tile)}`;
      case 'discard': return `${who} discards ${tileWords(e.tile)}`;
      case 'claim': return `${who} claims ${e.meld}`;
      case 'bonus': return `${who} lays out ${tileWords(e.tile)}`;
      case 'concealed_kong': return `${who} declares a concealed kong`;
      case 'added_kong': return `${who} adds ${tileWords(e.tile)} to a pung`;
      case 'win': return `${who} wins on ${tileWords(e.tile)}: ${e.total} points`;
      case 'exhaustive_draw': return 'the wall is empty: the hand is drawn';
      case 'reveal': return `${who} lays the hand open`;
      case 'payment': return `${e.reason} payment`;
      case 'deal': return `you are dealt ${e.tiles}`;
      case 'dice': return `dice: ${e.dice.join(' ')}`;
      default: return `${e.kind}${who ? ' (' + who + ')' : ''}`;
    }
  }

  renderResult(state) {
    const last = state.last_hand;
    if (!last) { this.result.hidden = true; return; }
    // a hand's result stays up until the player goes on (or the next one is underway)
    if (this.shownResult === last.number && !state.between_hands && !state.match_over) {
      if (this.dismissed === last.number) this.result.hidden = true;
      return;
    }
    this.shownResult = last.number;
    this.result.innerHTML = '';
    this.result.hidden = false;
    const obs = state.observation;
    const r = last.result;
    this.result.append(el('h2', {}, `Hand ${last.number} is over`));
    if (!r.wins.length) this.result.append(el('p', {}, 'Nobody won: the hand is drawn.'));
    const revealed = last.revealed || [];
    r.wins.forEach((w, i) => {
      const name = last.seat_names[w.seat];
      const how = w.self_drawn ? 'self-drawn' : `on the discard of ${last.seat_names[w.discarder]}`;
      const shown = revealed[i];
      this.result.append(el('h3', {}, `${name} wins on ${tileWords(w.tile)}, ${how}`));
      if (shown) this.result.append(el('p', { class: 'winning-hand' }, tiles(shown.hand).map((t) => tileImage(t, { class: 'tile small' })), ' ', (shown.melds || []).map(meldTiles)));
      const table = el('table', { class: 'breakdown' }, el('tr', {}, el('th', {}, 'pattern'), el('th', {}, 'value'), el('th', {}, 'count'), el('th', {}, 'points')));
      for (const p of w.patterns) table.append(el('tr', {}, el('td', {}, p.name), el('td', {}, p.value), el('td', {}, p.count), el('td', {}, p.value * p.count)));
      table.append(el('tr', { class: 'total' }, el('td', {}, 'total'), el('td', {}), el('td', {}), el('td', {}, w.total)));
      this.result.append(table);
    });
    const pays = el('ul', { class: 'payments' });
    r.payments.forEach((v, s) => pays.append(el('li', {}, `${last.seat_names[s]}: ${v > 0 ? '+' : ''}${v}`)));
    this.result.append(el('h3', {}, 'Payments'), pays);
    if (state.match_over) this.result.append(this.standings(state));
    else if (this.client.role !== 'spectator') {
      this.result.append(el('button', { type: 'button', id: 'next', onclick: () => {
        this.dismissed = last.number; this.result.hidden = true; this.client.next(); } }, 'Next hand'));
    }
  }

  standings(state) {
    const res = state.results;
    const box = el('section', { class: 'standings' }, el('h2', {}, 'The match is over'));
    const table = el('table', {}, el('tr', {}, el('th', {}, 'rank'), el('th', {}, 'player'), el('th', {}, 'score')));
    for (const r of res.standings) table.append(el('tr', {}, el('td', {}, r.rank), el('td', {}, r.name), el('td', {}, r.score)));
    box.append(table, this.chart(state));
    return box;
  }

  chart(state) {
    // scores over the hands, one line per player (drawn from the results table)
    const hist = state.score_history || [];
    const svg = document.createElementNS('http://www.w3.org/2000/svg', 'svg');
    svg.setAttribute('viewBox', '0 0 320 160');
    svg.setAttribute('role', 'img');
    svg.setAttribute('aria-label', 'scores over the hands');
    svg.classList.add('chart');
    if (!hist.length) return svg;
    const flat = hist.flat();
    const lo = Math.min(0, ...flat), hi = Math.max(0, ...flat) || 1;
    const x = (i) => 10 + (300 * i) / Math.max(1, hist.length - 1);
    const y = (v) => 150 - (140 * (v - lo)) / (hi - lo || 1);
    const dashes = ['', '6 3', '2 3', '8 3 2 3', '1 2'];
    hist[0].forEach((_, p) => {
      const line = document.createElementNS('http://www.w3.org/2000/svg', 'polyline');
      line.setAttribute('points', hist.map((row, i) => `${x(i)},${y(row[p])}`).join(' '));
      line.setAttribute('fill', 'none');
      line.setAttribute('stroke', 'currentColor');
      line.setAttribute('stroke-dasharray', dashes[p % dashes.length]);
      svg.append(line);
    });
    return svg;
  }
}
