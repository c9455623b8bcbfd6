// The mahjong renderer: every mahjong rule system's table, from its observation alone.

const SUITS = { m: 'characters', p: 'circles', s: 'bamboos' };
const HONOURS = { E: 'East wind', S: 'South wind', W: 'West wind', N: 'North wind',
  C: 'Red dragon', F: 'Green dragon', P: 'White dragon' };
const FLOWERS = ['plum', 'orchid', 'chrysanthemum', 'bamboo'];
const SEASONS = ['spring', 'summer', 'autumn', 'winter'];

// A tile named in words, as the SVG tiles and the server name it ("5 of circles").
export function tileWords(name) {
  const bare = name.replace(/\*$/, '');
  if (bare.length === 2 && SUITS[bare[1]] && /[1-9]/.test(bare[0])) return `${bare[0]} of ${SUITS[bare[1]]}`;
  if (HONOURS[bare]) return HONOURS[bare];
  if (/^f[1-4]$/.test(bare)) return `Flower ${bare[1]} (${FLOWERS[+bare[1] - 1]})`;
  if (/^x[1-4]$/.test(bare)) return `Season ${bare[1]} (${SEASONS[+bare[1] - 1]})`;
  if (bare === 'J') return 'Joker';
  return name;
}

// "123m 4p" -> ["1m","2m","3m","4p"]; bracketed melds are kept whole elsewhere
export function tiles(text) {
  const out = [];
  if (!text) return out;
  for (const group of text.trim().split(/\s+/)) {
    const m = group.match(/^([1-9]+)([mps])$/);
    if (m) { for (const d of m[1]) out.push(d + m[2]); continue; }
    const bonus = group.match(/^([fx])([1-4]+)$/);
    if (bonus) { for (const d of bonus[2]) out.push(bonus[1] + d); continue; }
    if (/^[ESWNCFPJ]+$/.test(group)) { for (const c of group) out.push(c); continue; }
    if (group) out.push(group);
  }
  return out;
}

export function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (k === 'class') node.className = v;
    else if (k.startsWith('on')) node.addEventListener(k.slice(2), v);
    else if (v !== undefined && v !== null && v !== false) node.setAttribute(k, v === true ? '' : v);
  }
  for (const c of children.flat()) {
    if (c === null || c === undefined || c === false) continue;
    node.append(c instanceof Node ? c : document.createTextNode(String(c)));
  }
  return node;
}

export function tileImage(name, extra = {}) {
  const words = tileWords(name);
  return el('img', { src: `/tiles/${encodeURIComponent(name.replace(/\*$/, ''))}.svg`, alt: words, title: words,
    class: 'tile', ...extra });
}

// -- the table: where each seat sits, seen from the viewer's side -----------------

// The places around the table by how many seats, in play order from the viewer's own
// (at the bottom): the next seat to the right, then across, then to the left.
const PLACES = {
  1: ['bottom'],
  2: ['bottom', 'top'],
  3: ['bottom', 'right', 'left'],
  4: ['bottom', 'right', 'top', 'left'],
  5: ['bottom', 'right', 'top-right', 'top-left', 'left'],
};
const PLACE_WORDS = { bottom: 'you', right: 'right', left: 'left', top: 'opposite',
  'top-right': 'opposite, right', 'top-left': 'opposite, left' };
const ARROWS = { bottom: '▼', right: '▶', left: '◀', top: '▲', 'top-right': '▲', 'top-left': '▲' };

// Where ``seat`` sits for someone at ``viewer`` (a spectator sees seat 0 at the bottom):
// placeOf(1, 0, 4) is "right", placeOf(0, 1, 4) "left", placeOf(1, 0, 2) "top".
export function placeOf(seat, viewer, n) {
  const d = (((seat - viewer) % n) + n) % n;
  return (PLACES[n] || PLACES[4])[d] || 'top';
}

// A concealed tile seen from the other side: the tile back (drawn by the server's
// /tiles/back.svg, with a plain drawn back under it should that be missing).
function tileBack() {
  return el('span', { class: 'tile back', 'aria-hidden': 'true' });
}

// The settings a person keeps in this browser: table movement (on) and sounds (off).
const SETTINGS = { movement: ['parlour.movement', true], sounds: ['parlour.sounds', false] };
export function setting(name) {
  const [key, fallback] = SETTINGS[name];
  try {
    const v = window.localStorage.getItem(key);
    return v === null ? fallback : v === 'on';
  } catch { return fallback; }
}
function keepSetting(name, on) {
  try { window.localStorage.setItem(SETTINGS[name][0], on ? 'on' : 'off'); } catch { /* private mode */ }
}

// -- wild tiles turned up: the Gold indicator and the Golds, the fortunes, floats --

// The ruleset's own facts of the hand that the seat may see (the observation's
// "ruleset_state": a Gold indicator, a float round, a goulash's exchange), or {}.
export function rulesetState(obs) {
  return (obs && obs.ruleset_state) || {};
}

// The Gold kind of a gold table's observation ("5p"), or null for every other table.
export function goldOf(obs) {
  const r = rulesetState(obs);
  return r.indicator && r.gold ? r.gold : null;
}

// The wild kind a table turns up, as its state names it, with the word for one of its
// tiles: a Gold ({kind: "5p", word: "Gold", mark: "gold"}; its indicator comes back into
// play as an ordinary tile), or a fortune ({kind: "4s", word: "fortune", mark: "fortune"};
// its indicator is out of play); null at every other table.
export function wildOf(obs) {
  const gold = goldOf(obs);
  if (gold) return asWild(gold);
  const r = rulesetState(obs);
  if (r.fortune) return { kind: r.fortune, word: 'fortune', mark: 'fortune', indicatorInPlay: false };
  return laiziOf(obs);
}

// The laizi a table turns up ({kind: "7s", word: "laizi", mark: "laizi"}: wild in the
// concealed hand; its indicator is out of play, and a White is only a White), or null.
export function laiziOf(obs) {
  const r = rulesetState(obs);
  return r.laizi ? { kind: r.laizi, word: 'laizi', mark: 'laizi', indicatorInPlay: false, white: false } : null;
}

// The kinds a table makes kong-only (its state's "kong_only": ["C"]): a single one set
// aside or discarded is a kong of its own (a Red kong), never claimed.
export function kongOnlyOf(obs) {
  return rulesetState(obs).kong_only || [];
}

// The kong a single tile makes when set aside or discarded, at a table with kong-only
// kinds or a laizi: "Red kong", "laizi kong", or "" (every other tile, every other table).
export function kongOf(obs, name) {
  const bare = name.replace(/\*$/, '');
  if (kongOnlyOf(obs).includes(bare)) return 'Red kong';
  const laizi = laiziOf(obs);
  return laizi && bare === laizi.kind ? 'laizi kong' : '';
}

// A count in words: count(2, 'Red kong') is "2 Red kongs".
function count(n, what) {
  return `${n} ${what}${n === 1 ? '' : 's'}`;
}

// Are the seats named by wind (E S W N), or by role (a banker, his right and his left)?
export function windsNamed(obs) {
  return obs.seat_names.every((w) => /^[ESWN]$/.test(w));
}

// The seats that declared their hands ready, in order (the state's "disclosed"), with
// the tiles each waits on ("waits": {"1": "3p 6p"}) as the others see them.
export function disclosedOf(obs) {
  const r = rulesetState(obs);
  return (r.disclosed || []).map((seat) => ({ seat, waits: tiles((r.waits || {})[seat] || '') }));
}

// Payments made during the hand, as the state lists them ("transfers": a kong paid at
// once: {reason: "kong", seat, payments}), in order; [] where none are made.
export function transfersOf(obs) {
  return rulesetState(obs).transfers || [];
}

// Each seat's amounts in words, "banker +4, right −2, left −2", by a naming function.
function amountsWords(payments, name) {
  return payments.map((v, s) => `${name(s)} ${v > 0 ? '+' : v < 0 ? '−' : ''}${Math.abs(v)}`).join(', ');
}

// A wild kind as wildOf gives it; a bare kind ("5p") is a Gold.
function asWild(wild) {
  if (typeof wild === 'string' && wild) return { kind: wild, word: 'Gold', mark: 'gold', indicatorInPlay: true };
  return wild && typeof wild === 'object' && wild.kind ? wild : null;
}

// A tile named in words at a table with wild tiles: "5 of circles (a Gold)", "4 of
// bamboos (a fortune)", "White dragon (stands for the 5 of circles)".
export function goldWords(name, gold) {
  const w = asWild(gold);
  const bare = name.replace(/\*$/, '');
  if (w && bare === w.kind) return `${tileWords(bare)} (a ${w.word})`;
  if (w && w.white !== false && bare === 'P' && w.kind !== 'P') return `${tileWords(bare)} (stands for the ${tileWords(w.kind)})`;
  return tileWords(name);
}

// The indicator itself, drawn back from the wall, is an ordinary tile of its kind
// (xiamen-gold.md XM-A3), not a Gold: named so.
export function indicatorWords(name) {
  return `${tileWords(name.replace(/\*$/, ''))} (the indicator: an ordinary tile, not a Gold)`;
}

// A tile that may be wild: a Gold carries a "★ Gold" mark (a fortune "★ fortune") and
// says so in words, not by colour alone. With no wild kind (every other table) it is the
// plain tile; with ``extra.ordinary`` it is the indicator drawn back, plain and named so.
export function goldTileImage(name, gold, extra = {}) {
  const bare = name.replace(/\*$/, '');
  if (extra.ordinary) {
    const { ordinary, ...rest } = extra;
    const words = indicatorWords(name);
    return tileImage(name, { ...rest, alt: rest.alt === '' ? '' : (rest.alt || words), title: rest.title || words });
  }
  const w = asWild(gold);
  if (!w) return tileImage(name, extra);
  const words = goldWords(name, w);
  const alt = extra.alt === '' ? '' : (extra.alt || words);
  const img = tileImage(name, { ...extra, alt, title: extra.title || words });
  if (bare !== w.kind) return img;
  return el('span', { class: `${w.mark}-tile`, [`data-${w.mark}`]: 'yes' }, img,
    el('span', { class: `${w.mark}-mark`, 'aria-hidden': 'true' }, `★ ${w.word}`));
}

// Who floats, from the ruleset state: {seat, level, floats} or null (``floats``: the
// float rounds in a row, where the state counts them).
export function floatOf(state) {
  const r = state || {};
  let f = r.float !== undefined ? r.float : r.float_round !== undefined ? r.float_round : r.floater;
  if (f === undefined || f === null || f === false) return null;
  if (typeof f === 'number') return { seat: f, level: r.float_level || null, floats: null };
  if (Array.isArray(f)) return f.length ? { seat: f[0], level: f[1] || null, floats: null } : null;
  if (typeof f === 'object' && f.seat !== undefined && f.seat !== null) {
    return { seat: f.seat, level: f.level || null, floats: f.floats || null };
  }
  return null;
}

// A meld's tiles, its wilds written "2m*" or "J*" and what they stand for "=1m" left out.
function meldList(body) {
  const out = [];
  const re = /([1-9]+)([mps])(\*?)|([fx])([1-4]+)|([ESWNCFPJ])(\*?)|=([1-9][mps]|[ESWNCFP])/g;
  for (const m of body.matchAll(re)) {
    if (m[1]) for (const d of m[1]) out.push(d + m[2]);
    else if (m[4]) for (const d of m[5]) out.push(m[4] + d);
    else if (m[6]) out.push(m[6]);
  }
  return out;
}

// A meld as tiles: "[123m>1]" "{EEEE}" "{????}" (another's concealed kong) "[23mJ*=1m]";
// at a table with wild tiles (``gold``) a White named for what it stands for.
export function meldTiles(text, gold = null) {
  const w = asWild(gold);
  const concealed = text.startsWith('{');
  const raw = text.replace(/^[[{]|[\]}]$/g, '').replace(/>\d$/, '');
  const body = raw.replace(/=.*$/, '');
  const words = concealed ? 'concealed meld' : 'exposed meld';
  const span = el('span', { class: 'meld' + (concealed ? ' concealed' : ''), title: text, role: 'img' });
  if (body === '????') {
    span.setAttribute('aria-label', 'a concealed kong, face down');
    for (let i = 0; i < 4; i++) span.append(el('span', { class: 'tile back' }));
    return span;
  }
  const list = /[*=]/.test(raw) ? meldList(raw) : tiles(body);
  // no Gold nor fortune is ever in a meld (§6.3): a tile of the wild kind there is the
  // indicator drawn back (a Gold's) or a tile the wild kind's own stands for
  const ofKind = (t) => w !== null && t.replace(/\*$/, '') === w.kind;
  const isIndicator = (t) => ofKind(t) && w.indicatorInPlay;
  const named = (t) => (isIndicator(t) ? indicatorWords(t) : ofKind(t) ? tileWords(t) : goldWords(t, w));
  span.setAttribute('aria-label', `${words}: ${list.map(named).join(', ')}`);
  for (const t of list) {
    span.append(ofKind(t) && !isIndicator(t) ? tileImage(t, { class: 'tile small', alt: '' })
      : goldTileImage(t, w, { class: 'tile small', alt: '', ordinary: isIndicator(t) }));
  }
  return span;
}

// Which of a hand's tiles (in order) is the indicator drawn back: the one just drawn if
// it is of the Gold's kind, else the first of that kind; -1 when the seat holds none.
export function indicatorAt(list, gold, holds, drawnAt = -1) {
  const w = asWild(gold);
  if (!w || !holds) return -1;
  const bare = (t) => t.replace(/\*$/, '');
  if (drawnAt >= 0 && bare(list[drawnAt]) === w.kind) return drawnAt;
  return list.findIndex((t) => bare(t) === w.kind);
}

// The banker's stay level in words: "lao 2 (the banker's second hand in a row)".
export function laoWords(lao) {
  const nth = { 1: '1st', 2: '2nd', 3: '3rd' }[lao] || `${lao}th`;
  return `lao ${lao} (the banker's ${nth} hand in a row)`;
}

// A pattern line of a score as table cells: name, value (with its unit, when the
// rulebook has several), count, and the points it adds (blank for doubles and the like,
// which the score's explanation works out).
export function patternRow(p) {
  const unit = p.unit ? ' ' + (p.value === 1 ? p.unit.replace(/s$/, '') : p.unit) : '';
  const adds = !p.unit || p.unit === 'points' || p.unit === 'fan';
  return el('tr', { class: 'pattern' }, el('td', {}, p.name), el('td', {}, `${p.value}${unit}`),
    el('td', {}, p.count), el('td', { class: 'points' }, adds ? p.value * p.count : ''));
}

// One line of a scored hand as a player reads it: "8 points", "1 double", "limit".
export function lineWorth(p) {
  if (p.unit === 'limit') return 'limit';
  const n = p.value * p.count;
  const unit = p.unit || 'points';
  return `${n} ${n === 1 ? unit.replace(/s$/, '') : unit}`;
}

// Is this a tile the server draws (not a typing slip or some other notation)?
function knownTile(name) {
  return tileWords(name) !== name;
}

// A reading ("{888m} {456p} 99s", with "(2s*=9p)" when a wild stands for a tile): its
// groups as tiles and what the wilds stand for, or null when it is not all tiles.
function readingTiles(text) {
  const out = [];
  const found = text.trim().match(/^(.*?)\s*(?:\(([^()]*)\))?$/);
  const [, sets, wilds] = found || [null, text, ''];
  for (const group of sets.trim().split(/\s+/)) {
    if (/^[[{]/.test(group)) {
      const body = group.replace(/^[[{]|[\]}]$/g, '').replace(/>\d$/, '').replace(/=.*$/, '').replace(/\*/g, '');
      if (!tiles(body).every(knownTile)) return null;
      out.push(meldTiles(group));
    } else {
      const list = tiles(group.replace(/\*/g, ''));
      if (!list.every(knownTile)) return null;
      out.push(el('span', { class: 'meld loose' }, list.map((t) => tileImage(t, { class: 'tile small' }))));
    }
  }
  if (wilds) {
    const stands = [];
    for (const pair of wilds.split(/,\s*/)) {
      const [wild, as] = pair.replace(/\*/g, '').split('=');
      if (!knownTile(wild) || !knownTile(as || '')) return null;
      stands.push(`the wild ${tileWords(wild)} as the ${tileWords(as)}`);
    }
    out.push(el('span', { class: 'wilds' }, `(${stands.join(', ')})`));
  }
  return out;
}

const CLAIM_WORDS = { pass: 'Pass', win: 'Win', rob: 'Rob the kong', pung: 'Pung', kong: 'Kong',
  chow: 'Chow', concealed_kong: 'Concealed kong', added_kong: 'Add to pung', fish: 'Fish',
  exchange: 'Pass these three', knock: 'Knock (three Golds)', rob_gold: 'Rob the Gold',
  eight: 'Win: eight flowers', red_kong: 'Red kong', laizi_kong: 'Laizi kong', keep: 'Keep (no discard)' };

// The tiles a claim makes: "chow 2p" is 2p 3p 4p, "pung 4m" three 4m, "kong 4m" four;
// "pung C with 2s*" two red dragons and a wild 2 of bamboos.
function claimTiles(kind, rest) {
  const [head, wildText] = rest.split(' with ');
  const tile = head.split(' ')[0];
  const wilds = wildText ? wildText.trim().split(/\s+/).map((t) => t.replace(/\*$/, '')) : [];
  const set = (n) => [...Array(Math.max(0, n - wilds.length)).fill(tile), ...wilds];
  if (kind === 'chow' && /^[1-7][mps]$/.test(tile)) return [0, 1, 2].map((k) => `${+tile[0] + k}${tile[1]}`);
  if (kind === 'pung') return set(3);
  if (kind === 'kong' || kind === 'concealed_kong' || kind === 'added_kong') return set(4);
  if ((kind === 'win' || kind === 'rob' || kind === 'fish') && tile) return [tile];
  return [];
}

// The tiles an exchange passes, as a key that ignores their order.
function exchangeKey(list) {
  return list.map((t) => t.replace(/\*$/, '')).sort().join(' ');
}

export class MahjongView {
  constructor(root, client) {
    this.root = root;
    this.client = client;
    this.focusIndex = 0;
    this.drawnTile = null;    // the tile this seat drew last, while it stands apart
    this.lastDiscard = null;  // {seat, tile} of the last discard still in a river
    this.names = {};          // hand number -> the players' names by seat in that hand
    this.resting = {};        // hand number -> the players who sit that hand out
    this.golds = {};          // hand number -> the Gold kind (gold tables)
    this.deadline = null;     // when the claim window closes (performance.now() ms)
    this.rivers = {};         // "hand|seat" -> how many tiles that river showed last drawn
    root.innerHTML = '';
    root.dataset.movement = setting('movement') ? 'on' : 'off';
    this.status = el('p', { class: 'status', role: 'status' });
    this.errorBox = el('div', { class: 'error-box', role: 'alert', hidden: true });
    this.board = el('div', { class: 'board' });
    this.result = el('section', { class: 'result', hidden: true, 'aria-label': 'end of the hand', tabindex: '-1' });
    this.tools = el('details', { class: 'tools' }, el('summary', {}, 'Auto-actions, help, record'));
    this.logBox = el('ol', { class: 'events', 'aria-label': 'what happened' });
    // the end of a hand's result lies over the table it ended on
    this.tableArea = el('div', { class: 'table-area' }, this.result, this.board);
    root.append(this.status, this.errorBox, this.tableArea, this.tools,
      el('details', { class: 'log' }, el('summary', {}, 'Events'), this.logBox));
    this.buildTools();
    document.addEventListener('keydown', (e) => this.key(e));
    // whether the keyboard is at the table (the hand, the claims, a hand's result): it
    // stays there when a redraw takes away the element it was on
    document.addEventListener('focusin', (e) => {
      this.keyboardHere = this.board.contains(e.target) || this.result.contains(e.target);
    });
    this.ticker = setInterval(() => this.tick(), 250);
  }

  connected(on) {
    this.status.dataset.connected = on ? 'yes' : 'no';
    this.root.dataset.connected = on ? 'yes' : 'no';
    if (on) this.freshLog = true;  // the server sends the hand's events again
    else this.status.textContent = 'Connection lost: reconnecting…';
  }

  // Something went wrong: say what, and offer the log and the record to copy.
  error(message) {
    const wasBusy = this.isBusy;
    if (wasBusy && this.state) this.draw();
    this.errorBox.innerHTML = '';
    this.errorBox.hidden = false;
    const game = this.client.game;
    this.errorBox.append(
      el('p', { class: 'error' }, message),
      el('p', { class: 'report' }, 'If this looks wrong: ',
        el('button', { type: 'button', class: 'copy-log', onclick: () => this.copyLog() }, 'Copy the game log'), ' ',
        el('a', { href: `/api/tables/${game}/record`, download: `parlour-${game}.json` }, 'the game record'),
        ' (given once the game is over) ',
        el('button', { type: 'button', class: 'dismiss', 'aria-label': 'dismiss the message',
          onclick: () => { this.errorBox.hidden = true; } }, '×')));
    clearTimeout(this.errorTimer);
    this.errorTimer = setTimeout(() => {
      if (!this.errorBox.contains(document.activeElement)) this.errorBox.hidden = true;
    }, 12000);
  }

  // An action is on its way: nothing more to click until the server answers.
  busy(on) {
    this.isBusy = on;
    if (on) this.root.dataset.busy = 'yes';
    else delete this.root.dataset.busy;
    if (on) {
      for (const b of this.root.querySelectorAll('.hand .tile-button')) b.setAttribute('aria-disabled', 'true');
      // aria-disabled, not disabled: a disabled button drops the keyboard focus
      for (const b of this.root.querySelectorAll('.actions button[data-action]')) b.setAttribute('aria-disabled', 'true');
    }
  }

  help(message) {
    const lines = [];
    const waits = Object.entries(message.waits || {});
    lines.push(waits.length ? 'Waits: ' + waits.map(([t, n]) => `${tileWords(t)} (${n} unseen)`).join(', ')
      : 'Not ready: no tile completes the hand now.');
    if (message.why) lines.push(message.why);
    this.helpOut.textContent = lines.join(' · ');
  }

  autoSaved(auto) {
    this.autoState = auto;
    this.syncAuto(auto);
  }

  syncAuto(auto) {
    for (const [key, box] of Object.entries(this.autoBoxes || {})) box.checked = Boolean(auto && auto[key]);
  }

  buildTools() {
    const game = this.client.game;
    const record = el('a', { href: `/api/tables/${game}/record`, download: `parlour-${game}.json`, id: 'record-link' },
      'Download the record (once the game is over)');
    const copy = el('button', { type: 'button', id: 'copy-log', onclick: () => this.copyLog() }, 'Copy the game log');
    this.logText = el('textarea', { id: 'log-text', readonly: true, rows: 6, hidden: true,
      'aria-label': 'the game log, to copy' });
    this.helpOut = el('p', { class: 'help', 'aria-live': 'polite' });
    const settings = this.settingsRow();
    if (this.client.role === 'spectator') {
      this.tools.querySelector('summary').textContent = 'Record, log and settings';
      this.tools.append(settings, el('p', {}, copy, ' ', record), this.helpOut, this.logText);
      return;
    }
    const boxes = [['pass_chow', 'Pass on chows'], ['pass_pung', 'Pass on pungs'],
      ['pass_kong', 'Pass on kongs'], ['discard_drawn', 'Discard the drawn tile']];
    const form = el('fieldset', {}, el('legend', {}, 'Auto-actions (kept across hands; never an auto-win)'));
    this.autoBoxes = {};
    for (const [key, label] of boxes) {
      const box = el('input', { type: 'checkbox', id: `auto-${key}`,
        onchange: () => this.client.auto({ [key]: box.checked }) });
      this.autoBoxes[key] = box;
      form.append(el('label', {}, box, ' ', label));
    }
    const why = el('input', { type: 'text', id: 'why', placeholder: 'an action, e.g. win',
      'aria-label': 'ask why an action is refused' });
    const helpRow = el('p', {},
      el('button', { type: 'button', id: 'help', onclick: () => this.client.help() }, 'My waits'), ' ',
      why, ' ', el('button', { type: 'button', id: 'why-not', onclick: () => this.client.help(why.value.trim() || 'win') }, 'Why not?'));
    this.tools.append(form, settings, helpRow, this.helpOut, el('p', {}, copy, ' ', record), this.logText);
  }

  // Movement on the table (a discard sliding into its river) and sounds (a click on a
  // discard), each kept in this browser.
  settingsRow() {
    const movement = el('input', { type: 'checkbox', id: 'movement', checked: setting('movement'),
      onchange: () => { keepSetting('movement', movement.checked); this.root.dataset.movement = movement.checked ? 'on' : 'off'; } });
    const sounds = el('input', { type: 'checkbox', id: 'sounds', checked: setting('sounds'),
      onchange: () => { keepSetting('sounds', sounds.checked); if (sounds.checked) this.clickSound(); } });
    return el('p', { class: 'settings' }, el('label', {}, movement, ' Movement on the table'), ' ',
      el('label', {}, sounds, ' Sounds (a click on each discard)'));
  }

  // A short click, made on the spot (no sound file): for a discard, when sounds are on.
  clickSound() {
    if (!setting('sounds')) return;
    const Audio = window.AudioContext || window.webkitAudioContext;
    if (!Audio) return;
    try {
      this.audio = this.audio || new Audio();
      const ctx = this.audio;
      if (ctx.state === 'suspended') ctx.resume();
      const osc = ctx.createOscillator();
      const gain = ctx.createGain();
      osc.type = 'triangle';
      osc.frequency.value = 1800;
      gain.gain.setValueAtTime(0.15, ctx.currentTime);
      gain.gain.exponentialRampToValueAtTime(0.001, ctx.currentTime + 0.06);
      osc.connect(gain).connect(ctx.destination);
      osc.start();
      osc.stop(ctx.currentTime + 0.07);
    } catch { /* no sound: the table plays on */ }
  }

  copyLog() {
    const text = this.client.log();
    // the log is also shown to select by hand: the clipboard needs a secure page
    this.logText.value = text;
    this.logText.hidden = false;
    this.tools.open = true;
    this.logText.select();
    let copied = false;
    try { copied = document.execCommand('copy'); } catch { copied = false; }
    if (navigator.clipboard && window.isSecureContext) navigator.clipboard.writeText(text).catch(() => {});
    this.helpOut.textContent = `The game log (${text.length} characters) is ${copied ? 'copied and ' : ''}shown below to copy; `
      + `the record is at /api/tables/${this.client.game}/record once the game is over.`;
  }

  key(e) {
    if (!this.state || e.ctrlKey || e.metaKey || e.altKey) return;
    const tag = e.target && e.target.tagName;
    if (tag === 'INPUT' || tag === 'TEXTAREA' || tag === 'SELECT') return;
    const hand = [...this.root.querySelectorAll('.hand button.tile-button')];
    if (e.key === 'ArrowRight' || e.key === 'ArrowLeft') {
      if (!hand.length) return;
      const at = hand.indexOf(document.activeElement);
      const from = at >= 0 ? at : Math.min(this.focusIndex, hand.length - 1);
      this.focusIndex = at < 0 ? from : (from + (e.key === 'ArrowRight' ? 1 : hand.length - 1)) % hand.length;
      hand[this.focusIndex].focus();
      e.preventDefault();
    } else if (e.key === 'p' || e.key === 'P') {
      const pass = this.root.querySelector('button[data-action="pass"]:not([aria-disabled="true"])');
      if (pass) pass.click();
    } else if (e.key === 'x' || e.key === 'X') {
      this.sendExchange();
    } else if (e.key === 'w' || e.key === 'W') {
      const win = this.root.querySelector('button[data-kind="win"]:not([aria-disabled="true"]), button[data-kind="rob"]:not([aria-disabled="true"])');
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
    if (me !== null && me !== undefined) where = PLACE_WORDS[placeOf(seat, me, n)];
    return { name, wind, where, role: !windsNamed(obs), score: player ? player.score : 0 };
  }

  // A seat's name, wind (or role) and place for its heading: "Ann · S · left" at a
  // table of winds; "Ann · role: right · on your left" where seats are named by role
  // (a role's "right" is not where the seat sits for you).
  seatWords(who, sep = ' · ') {
    const named = who.role ? `role: ${who.wind}` : who.wind;
    const where = !who.where ? '' : who.role && (who.where === 'left' || who.where === 'right') ? `on your ${who.where}` : who.where;
    return [who.name, named, where].filter(Boolean).join(sep);
  }

  // Remember what the events tell: the tile drawn, the last discard, for the log.
  absorb(state) {
    const obs = state.observation;
    const me = obs.seat;
    if (this.hand !== state.hand) {
      this.hand = state.hand;
      this.drawnTile = null;
      this.lastDiscard = null;
    }
    const names = {};
    for (const p of obs.match.players) if (p.seat !== null && p.seat !== undefined) names[p.seat] = p.name;
    this.names[state.hand] = names;
    if (wildOf(obs)) this.golds[state.hand] = wildOf(obs);
    this.resting[state.hand] = obs.match.players.filter((p) => p.seat === null || p.seat === undefined).map((p) => p.name);
    const fin = state.finished_table;
    if (fin && fin.observation && fin.observation.match) {
      const was = {};
      for (const p of fin.observation.match.players) if (p.seat !== null && p.seat !== undefined) was[p.seat] = p.name;
      this.names[fin.number] = was;
      this.resting[fin.number] = fin.observation.match.players.filter((p) => p.seat === null || p.seat === undefined).map((p) => p.name);
      if (wildOf(fin.observation)) this.golds[fin.number] = wildOf(fin.observation);
    }
    if (!this.freshLog && (state.events || []).some((e) => e.kind === 'discard')) this.clickSound();
    if (this.freshLog) { this.logBox.innerHTML = ''; this.freshLog = false; }
    for (const e of state.events || []) {
      if (e.kind === 'drawn' && e.seat === me) this.drawnTile = e.tile;
      else if (e.kind === 'discard') {
        this.lastDiscard = { seat: e.seat, tile: e.tile };
        if (e.seat === me) this.drawnTile = null;
      } else if (e.kind === 'claim') {
        this.lastDiscard = null;
        if (e.seat === me) this.drawnTile = null;
      }
      this.logBox.append(el('li', {}, this.eventText(obs, e)));
    }
    while (this.logBox.children.length > 300) this.logBox.firstChild.remove();
  }

  render(state) {
    this.state = state;
    this.absorb(state);
    this.draw();
  }

  // The finished hand's table while the hand's result is up (the server has dealt the
  // next hand already; it is drawn once this person goes on), else null.
  finishedTable(state) {
    const fin = state.finished_table;
    const last = state.last_hand;
    if (!fin || !last || fin.number !== last.number) return null;
    if (!state.between_hands && !state.match_over) return null;
    if (this.dismissed === last.number && !state.match_over) return null;
    return fin;
  }

  // Draw the table from the last state (again after a refused action).
  draw() {
    const state = this.state;
    // where the keyboard was, to put it back after the table is drawn again
    const active = document.activeElement;
    const lost = !active || active === document.body || !active.isConnected;
    const inTable = this.keyboardHere && (lost || this.board.contains(active) || this.result.contains(active));
    const handButtons = [...this.board.querySelectorAll('.hand .tile-button')];
    if (handButtons.includes(active)) this.focusIndex = handButtons.indexOf(active);
    this.busy(false);
    const fin = this.finishedTable(state);
    const obs = fin ? fin.observation : state.observation;
    const n = obs.seat_names.length;
    const me = obs.seat;
    const playing = me !== null && me !== undefined;
    const legal = fin ? [] : obs.legal || [];
    const canDiscard = legal.some((a) => /^discard \S+$/.test(a));
    const claims = legal.filter((a) => !/^discard \S+$/.test(a));
    // one's own turn with no discard to make (a haitei tile: keep it or win)
    const ownTurn = playing && !fin && obs.phase === 'turn' && obs.current === me && claims.length > 0;
    // a goulash's exchange window: three tiles to choose, or pass, fish, win
    const exchangeWindow = !fin && (obs.phase === 'exchange' || (obs.window && obs.window.kind === 'exchange'));
    const exchanging = !fin && this.exchanging(state);
    this.root.dataset.hand = state.hand;
    this.root.dataset.view = fin ? 'finished' : 'live';
    this.root.dataset.asked = fin ? 'none' : state.answered ? 'answered' : canDiscard || ownTurn ? 'turn'
      : exchangeWindow && claims.length ? 'exchange' : claims.length ? 'claim' : 'none';
    const round = obs.prevailing ? [`round ${obs.prevailing}`] : [];  // a game without winds plays no round
    const parts = fin ? [`Hand ${fin.number} is over`, ...round]
      : [`Hand ${state.hand}`, ...round, `wall ${obs.wall}`];
    if (playing) parts.push(fin ? `you were ${obs.seat_name}` : `you are ${obs.seat_name}`);
    const resting = obs.match.players.filter((p) => p.seat === null || p.seat === undefined);
    if (resting.length && !state.match_over && !fin) {
      const mine = state.player !== null && state.player !== undefined && resting.some((p) => p === obs.match.players[state.player]);
      parts.push(mine ? 'you sit this hand out' : `${resting.map((p) => p.name).join(', ')} sits this hand out`);
    }
    if (state.match_over) parts.push('the match is over');
    else if (fin) parts.push('the table as the hand ended; the next hand starts when everyone goes on');
    else if (playing && canDiscard && disclosedOf(obs).some((d) => d.seat === me)) {
      parts.push('your turn: your hand is declared ready, so discard the tile you drew (or win)');
    } else if (playing && canDiscard) parts.push('your turn: choose a tile to discard');
    else if (ownTurn && !state.answered) {
      parts.push(rulesetState(obs).haitei ? 'your turn · haitei: draw and keep, no discards (keep the tile, or win on it)'
        : 'your turn: choose');
    }
    else if (playing && exchangeWindow && claims.length && !state.answered) {
      const number = (obs.window && obs.window.exchange) || rulesetState(obs).exchange || '';
      parts.push(`exchange ${number} of 3: ${exchanging ? 'choose three tiles to pass' : 'your choice'}`);
    }
    else if (playing && claims.length && !state.answered && obs.window && obs.window.kind === 'after_deal') {
      parts.push('after the deal: win, knock, rob the Gold or pass');
    } else if (playing && claims.length && !state.answered && obs.window && obs.window.kind === 'last_turn') {
      parts.push('the wall is done: knock with three Golds or pass');
    } else if (playing && claims.length && !state.answered) parts.push('a discard you may claim');
    else if (state.answered) parts.push('your answer is in');
    else if (state.between_hands) parts.push('the next hand starts when everyone goes on');
    else if (obs.phase === 'turn' && obs.current !== null && obs.current !== undefined) parts.push(`${this.label(obs, obs.current).name} to play`);
    const frozen = rulesetState(obs).frozen;
    if (playing && !fin && frozen !== undefined) parts.push(`you let a win go: until your next turn you may win on a discard only for more than ${frozen}`);
    this.status.textContent = parts.join(' · ');

    const window = !fin && obs.phase !== 'turn' && obs.phase !== 'over';
    const left = state.claim_seconds_left;
    this.deadline = window && left !== null && left !== undefined ? performance.now() + left * 1000 : null;

    this.board.innerHTML = '';
    this.board.className = `board seats-${n}`;
    this.board.dataset.seats = String(n);
    this.board.dataset.view = fin ? 'finished' : 'live';
    const viewer = playing ? me : 0;
    this.board.append(this.centre(state, obs, fin, viewer));
    for (let seat = 0; seat < n; seat++) {
      const panel = this.seatPanel(state, seat, fin);
      panel.dataset.place = placeOf(seat, viewer, n);
      this.board.append(panel);
    }
    if (playing && !fin) {
      const mine = this.board.querySelector('.seat.mine');
      mine.insertBefore(this.actions(state), mine.querySelector('.hand'));
    } else this.countdown = null;
    if (exchanging) this.syncPicks();
    if (this.autoBoxes) this.syncAuto(state.auto);
    this.tick();
    const resultShown = this.renderResult(state, fin);

    if (inTable) {
      const claimButton = this.board.querySelector('.actions button[data-action]');
      const hand = [...this.board.querySelectorAll('.hand .tile-button')];
      if (resultShown && this.nextButton) this.nextButton.focus();
      else if (exchanging && hand.length) hand[Math.min(this.focusIndex, hand.length - 1)].focus();
      else if (claimButton && !canDiscard) claimButton.focus();
      else if (hand.length) hand[Math.min(this.focusIndex, hand.length - 1)].focus();
    }
  }

  // The middle of the table: the wall, the round and hand, the dealer, whose turn it
  // is (an arrow toward the seat), and the rule system's own state of the hand.
  centre(state, obs, fin, viewer) {
    const n = obs.seat_names.length;
    const box = el('section', { class: 'centre', 'aria-label': 'the centre of the table' });
    const number = fin ? fin.number : state.hand;
    const dealer = obs.dealer !== null && obs.dealer !== undefined ? this.label(obs, obs.dealer) : null;
    box.append(
      obs.prevailing ? el('p', { class: 'round' }, el('strong', {}, `${tileWords(obs.prevailing) || obs.prevailing} round`), ` · hand ${number}`)
        : el('p', { class: 'round' }, el('strong', {}, `Hand ${number}`)),
      el('p', { class: 'wall', 'data-wall': obs.wall }, fin ? `Wall at the end: ${obs.wall} tiles` : `Wall: ${obs.wall} tiles left`));
    if (dealer) box.append(el('p', { class: 'dealer-line' }, `Dealer: ${dealer.name} (${dealer.wind})`));
    const current = !fin && obs.phase === 'turn' && obs.current !== null && obs.current !== undefined ? obs.current : null;
    if (current !== null) {
      const place = placeOf(current, viewer, n);
      const who = this.label(obs, current);
      box.append(el('p', { class: 'to-act', 'data-toward': place },
        el('span', { class: 'arrow', 'aria-hidden': 'true' }, ARROWS[place]), ' ',
        current === obs.seat ? 'your turn' : `${who.name} (${who.wind}) to play`));
    } else if (!fin && obs.window && obs.phase !== 'turn' && obs.phase !== 'over') {
      box.append(el('p', { class: 'to-act window' }, obs.last_discard ? 'a discard may be claimed' : 'the players choose'));
    } else if (fin) {
      const wins = fin.wins || [];
      box.append(el('p', { class: 'to-act over' }, wins.length
        ? wins.map((w) => `${this.label(obs, w.seat).name} (${obs.seat_names[w.seat]}) won on the ${tileWords(w.tile)}`).join('; ')
        : 'the hand is drawn'));
    }
    const resting = obs.match.players.filter((p) => p.seat === null || p.seat === undefined);
    if (resting.length) box.append(el('p', { class: 'resting-line' }, `sitting out: ${resting.map((p) => p.name).join(', ')}`));
    const goulash = this.goulashInfo(obs);
    if (goulash) box.append(goulash);
    const goldInfo = this.goldInfo(obs) || this.fortuneInfo(obs) || this.laiziInfo(obs);
    if (goldInfo) box.append(goldInfo);
    const paid = this.transfersInfo(obs);
    if (paid) box.append(paid);
    return box;
  }

  // The payments made so far in the hand (a kong paid at once), newest last, with each
  // seat's running net: shown to everyone as they happen; null while none is made.
  transfersInfo(obs) {
    const made = transfersOf(obs);
    if (!made.length) return null;
    const name = (s) => (s === obs.seat ? 'you' : this.label(obs, s).name);
    const net = obs.seat_names.map((_, s) => made.reduce((sum, t) => sum + t.payments[s], 0));
    const list = el('ol', { class: 'transfer-list' }, made.map((t, i) => el('li', { class: 'transfer',
      'data-seat': t.seat, 'data-payments': t.payments.join(' '), 'data-index': i },
    `${name(t.seat)}: ${(t.reason || 'payment').replace(/_/g, ' ')} paid at once: ${amountsWords(t.payments, name)}`)));
    return el('section', { class: 'transfers-info', 'aria-label': 'payments during the hand', 'data-net': net.join(' ') },
      el('strong', {}, 'Paid during the hand'), list,
      el('p', { class: 'transfer-net' }, `So far: ${amountsWords(net, name)}`));
  }

  // A seat that declared its hand ready: the tiles it waits on (its hand is shown open
  // where the rules lay it open); null for every other seat.
  seatDisclosure(obs, seat) {
    const shown = disclosedOf(obs).find((d) => d.seat === seat);
    if (!shown) return null;
    const order = disclosedOf(obs).findIndex((d) => d.seat === seat) + 1;
    const waits = shown.waits.map((t) => `the ${tileWords(t)}`).join(', ');
    return el('p', { class: 'disclosed', 'data-waits': shown.waits.join(' '), 'data-order': order },
      el('strong', {}, seat === obs.seat ? 'You declared your hand ready' : 'Declared ready'),
      `${order > 1 ? ` (declaration ${order})` : ''}: waits on ${waits || 'nothing'}`);
  }

  // A seat at the table: its name, wind and score, its river (in front of it, toward
  // the centre), its melds and bonus tiles beside it, and its concealed tiles: your own
  // hand to play, the others' as tile backs (or open, where the rules show them).
  seatPanel(state, seat, fin = null) {
    const obs = fin ? fin.observation : state.observation;
    const who = this.label(obs, seat);
    const mine = seat === obs.seat;
    const current = !fin && obs.phase === 'turn' && obs.current === seat;
    const isDealer = seat === obs.dealer;
    const lao = rulesetState(obs).lao;
    const dealer = isDealer ? el('span', { class: 'dealer', title: 'dealer' },
      lao !== undefined ? ` (banker, lao ${lao})` : ' (dealer)') : null;
    const turn = current ? el('span', { class: 'turn-mark' }, ' ▶ to play') : null;
    const won = fin ? (fin.wins || []).find((w) => w.seat === seat) : null;
    const head = el('h2', {}, `${this.seatWords(who)} · ${who.score}`, dealer, turn,
      won ? el('span', { class: 'won-mark' }, ' ★ won') : null);
    const panel = el('section', { class: 'seat' + (mine ? ' mine' : '') + (current ? ' current' : '') + (isDealer ? ' dealer-seat' : '')
      + (won ? ' winner' : ''),
    'data-seat': seat, 'aria-label': `${this.seatWords(who, ', ')}${won ? ', the winner' : ''}` }, head);
    const gold = wildOf(obs);
    const melds = el('div', { class: 'melds', role: 'group', 'aria-label': 'melds' });
    for (const m of obs.melds[seat]) melds.append(meldTiles(m, gold));
    const bonus = el('div', { class: 'bonus', role: 'group', 'aria-label': 'bonus tiles' }, tiles(obs.bonus[seat]).map((t) => tileImage(t, { class: 'tile small' })));
    const asideText = (obs.aside || [])[seat];
    const asideWords = (t) => { const k = kongOf(obs, t); return `${goldWords(t, laiziOf(obs))}, laid aside${k ? ` (a ${k})` : ''}`; };
    const aside = asideText ? el('div', { class: 'aside', role: 'group', 'aria-label': 'tiles laid aside, face up' },
      tiles(asideText).map((t) => goldTileImage(t, laiziOf(obs), { class: 'tile small', alt: asideWords(t), title: asideWords(t) }))) : null;
    panel.append(el('div', { class: 'exposed' }, melds, bonus, aside, this.seatKongs(obs, seat), this.seatDisclosure(obs, seat)));
    panel.append(this.riverOf(state, seat, fin, who));
    if (fin) panel.append(this.finishedHand(fin, seat, mine));
    else if (mine) panel.append(this.handRow(state));
    else {
      const shown = (obs.public_hands || [])[seat];
      const open = shown ? tiles(shown) : [];
      const held = indicatorAt(open, gold, rulesetState(obs).indicator_holder === seat);
      panel.append(shown ? el('div', { class: 'public' }, 'Open hand: ', open.map((t, i) => goldTileImage(t, gold, { class: 'tile small', ordinary: i === held })))
        : this.backs(obs.hand_sizes[seat]));
    }
    return panel;
  }

  // A seat's Red and laizi kongs so far (each a single tile set aside or discarded), as
  // the ruleset state counts them; null where it counts none for the seat.
  seatKongs(obs, seat) {
    const r = rulesetState(obs);
    const red = (r.red_kongs || {})[seat] || 0;
    const laizi = (r.laizi_kongs || {})[seat] || 0;
    if (!red && !laizi) return null;
    const made = [red ? count(red, 'Red kong') : null, laizi ? count(laizi, 'laizi kong') : null].filter(Boolean);
    return el('span', { class: 'seat-kongs', 'data-red-kongs': red, 'data-laizi-kongs': laizi },
      `${made.join(' and ')} (set aside or discarded)`);
  }

  // Another seat's concealed tiles, face down: so many tile backs.
  backs(count) {
    const row = el('div', { class: 'concealed-tiles size', role: 'img', 'aria-label': `${count} tiles in hand, face down`,
      'data-count': count });
    for (let i = 0; i < count; i++) row.append(tileBack());
    return row;
  }

  // A seat's river: its discards still in sight, in rows of six, oldest first; the last
  // discard marked, a new one sliding in.
  riverOf(state, seat, fin, who) {
    const obs = fin ? fin.observation : state.observation;
    const gold = wildOf(obs);
    const river = tiles(obs.discards[seat]);
    const discards = el('div', { class: 'discards river', role: 'group', 'aria-label': `${who.name}'s discards, oldest first`, 'data-count': river.length });
    const last = fin ? null : obs.last_discard || this.lastDiscard;
    const thrown = rulesetState(obs).indicator_discard;  // the indicator discarded: ordinary
    const key = `${state.hand}|${seat}`;
    const before = this.rivers[key];
    if (!fin) this.rivers[key] = river.length;
    const fresh = !fin && before !== undefined && river.length === before + 1;
    river.forEach((t, i) => {
      const isLast = last && last.seat === seat && i === river.length - 1 && last.tile === t;
      const ordinary = !!thrown && thrown.seat === seat && thrown.index === i;
      const isNew = fresh && i === river.length - 1;
      if (!isLast) {
        const img = goldTileImage(t, gold, { class: 'tile small' + (isNew ? ' fresh' : ''), ordinary });
        discards.append(img);
        return;
      }
      // the last discard: outlined, raised and labelled in words, not by colour alone
      const lastWords = `${ordinary ? indicatorWords(t) : goldWords(t, gold)}, the last discard`;
      discards.append(el('span', { class: 'last-discard' + (isNew ? ' fresh' : ''), 'data-last': 'yes' },
        goldTileImage(t, gold, { class: 'tile small last', alt: lastWords, title: lastWords, ordinary }),
        el('span', { class: 'last-mark', 'aria-hidden': 'true' }, '▲ last')));
    });
    return discards;
  }

  // A seat's concealed tiles as the finished hand shows them: open where the rules
  // reveal them (the winner's with the winning tile marked), else face down.
  finishedHand(fin, seat, mine) {
    const obs = fin.observation;
    const gold = wildOf(obs);
    const shown = (fin.hands || [])[seat];
    const won = (fin.wins || []).find((w) => w.seat === seat);
    if (shown === null || shown === undefined) return this.backs(obs.hand_sizes[seat]);
    const list = tiles(shown);
    const at = won ? list.lastIndexOf(won.tile) : -1;
    const row = el('div', { class: 'hand finished' + (mine ? '' : ' public'), role: 'group',
      'aria-label': mine ? 'your hand as the hand ended' : 'the hand, laid open at the end' });
    list.forEach((t, i) => {
      if (i !== at) { row.append(goldTileImage(t, gold, { class: mine ? 'tile' : 'tile small' })); return; }
      const words = `${goldWords(t, gold)}, the winning tile`;
      row.append(el('span', { class: 'winning-tile', 'data-winning': 'yes' },
        goldTileImage(t, gold, { class: 'tile' + (mine ? '' : ' small') + ' won', alt: words, title: words }),
        el('span', { class: 'won-tile-mark', 'aria-hidden': 'true' }, '★ won')));
    });
    return row;
  }

  handRow(state) {
    const obs = state.observation;
    const legal = state.answered ? [] : obs.legal || [];
    const discards = new Set(legal.filter((a) => /^discard \S+$/.test(a)).map((a) => a.slice(8)));
    const hand = tiles(obs.hand);
    const drawn = obs.phase === 'turn' && obs.current === obs.seat && hand.length % 3 === 2
      && this.drawnTile && hand.includes(this.drawnTile) ? this.drawnTile : null;
    const row = el('div', { class: 'hand', role: 'group', 'aria-label': 'your hand: arrows move, Enter or Space discards' });
    row.style.setProperty('--tiles', String(Math.max(14, hand.length)));  // on a phone: one row
    const ordered = hand.map((t) => [t, false]);
    if (drawn) {
      ordered.splice(ordered.findIndex(([t]) => t === drawn), 1);
      ordered.push([drawn, true]);
    }
    const own = rulesetState(obs);
    const wild = own.goulash ? own.wild : null;
    const gold = wildOf(obs);
    // a fortune whose discard leaves a wild eye starts a float round (said on the button)
    const float = own.float_discard || null;
    const kongOnlyKinds = kongOnlyOf(obs);
    if (this.exchanging(state)) return this.exchangeRow(state, ordered.map(([t]) => t), wild);
    // the indicator drawn back from the wall is an ordinary tile: one copy is not a Gold
    const held = indicatorAt(ordered.map(([t]) => t), gold, own.indicator_holder === obs.seat,
      drawn ? ordered.length - 1 : -1);
    ordered.forEach(([t, isDrawn], i) => {
      const can = discards.has(t);
      const isWild = wild !== null && t.replace(/\*$/, '') === wild;
      const isGold = gold !== null && t.replace(/\*$/, '') === gold.kind && i !== held;
      const kongOnly = kongOnlyKinds.includes(t.replace(/\*$/, ''));
      const named = (i === held ? indicatorWords(t) : gold ? goldWords(t, gold) : tileWords(t)) + (kongOnly ? ' (kong-only)' : '');
      const floats = can && float && t.replace(/\*$/, '') === float.tile;
      const kong = can ? kongOf(obs, t) : '';
      const how = floats ? `: discard to float (float round ${float.floats}; a wild-eye win then ×${float.multiplier})`
        : kong ? `: discard it as a ${kong} (nobody may claim it)` : can ? ': discard' : '';
      const words = `${named}${isWild ? ' (wild)' : ''}${isDrawn ? ', just drawn' : ''}${how}`;
      const b = el('button', { type: 'button', class: 'tile-button' + (isDrawn ? ' drawn' : '') + (isWild ? ' wild' : '') + (isGold ? ` ${gold.mark}` : ''),
        'aria-disabled': can ? 'false' : 'true', 'data-tile': t, title: words, 'aria-label': words,
        onclick: () => { if (can && !this.isBusy) this.client.act(`discard ${t}`); } },
      tileImage(t, { alt: '' }));
      if (i === held) b.dataset.indicator = 'yes';
      if (floats) b.dataset.float = 'yes';
      if (kongOnly) b.dataset.kongOnly = 'yes';
      row.append(b);
    });
    return row;
  }

  // -- a goulash: the wild tile, the exchanges, fishing ------------------------------

  // Is this seat asked to choose three tiles to pass (a goulash's exchange)?
  exchanging(state) {
    const legal = state.answered ? [] : state.observation.legal || [];
    return legal.some((a) => /^exchange /.test(a));
  }

  // A gold table's public facts: the indicator turned up, the Golds, the after-deal
  // window, and a float round (who floats) while one is on.
  goldInfo(obs) {
    const gold = goldOf(obs);
    if (!gold) return null;
    const r = rulesetState(obs);
    const floating = floatOf(r);
    const kind = obs.window && obs.window.kind;
    const box = el('section', { class: 'gold-info', 'aria-label': 'the Gold', 'data-indicator': r.indicator,
      'data-gold': gold, 'data-float': floating ? String(floating.seat) : '' },
    el('strong', {}, 'Gold mahjong'), ' · ',
    el('span', { class: 'indicator' }, tileImage(r.indicator, { class: 'tile small indicator-tile',
      alt: `${tileWords(r.indicator)}, the Gold indicator`, title: `${tileWords(r.indicator)}, the Gold indicator` }),
    el('span', { class: 'indicator-words' }, ` the Gold indicator: ${r.indicator}; the other three ${gold} are Golds`),
    ` (${tileWords(gold)}: wild, marked ★ Gold)`),
    gold !== 'P' ? el('span', { class: 'whites' }, ` · every White dragon stands for the ${tileWords(gold)}`) : null);
    if (floating) {
      const who = this.label(obs, floating.seat);
      const level = floating.level === 3 ? ' (a triple float)' : floating.level === 2 ? ' (a double float)' : '';
      const mine = floating.seat === obs.seat;
      box.append(el('p', { class: 'float-round', role: 'status', 'data-seat': floating.seat },
        el('strong', {}, '⚑ Float round: '), `${mine ? 'you float' : `${who.name} (${who.wind}) floats`}${level}`,
        ' — no chow, pung or kong, and no win on a discard until the floater plays again.'));
    } else box.append(el('p', { class: 'float-round none' }, 'No float round.'));
    if (kind === 'after_deal') {
      box.append(el('p', { class: 'after-deal' }, 'After the deal: the banker may win at once (the heavenly win), ',
        'whoever holds three Golds may knock, and a hand one tile short may rob the Gold (take the indicator).'));
    } else if (kind === 'last_turn') {
      box.append(el('p', { class: 'after-deal' }, 'The wall is done: whoever holds three Golds may knock instead of the drawn hand.'));
    }
    return box;
  }

  // A fortune table's public facts, from its state: the indicator turned up (or the
  // Whites as the fortunes), the banker's lao and factor, a float round (who floats, how
  // many rounds), the kong streaks and the claims between seats; on one's own turn, the
  // float one may make.
  fortuneInfo(obs) {
    const r = rulesetState(obs);
    const w = wildOf(obs);
    if (!w || w.mark !== 'fortune') return null;
    const floating = floatOf(r);
    const kind = w.kind;
    const who = (s) => { const p = this.label(obs, Number(s)); return `${p.name} (${p.wind})`; };
    const box = el('section', { class: 'gold-info fortune-info', 'aria-label': 'the fortunes',
      'data-indicator': r.indicator || '', 'data-fortune': kind, 'data-lao': r.lao ?? '',
      'data-factor': r.banker_factor ?? '', 'data-float': floating ? String(floating.seat) : '' },
    el('strong', {}, 'Fortune tiles'), ' · ');
    if (r.indicator) {
      box.append(el('span', { class: 'indicator' }, tileImage(r.indicator, { class: 'tile small indicator-tile',
        alt: `${tileWords(r.indicator)}, the fortune indicator`, title: `${tileWords(r.indicator)}, the fortune indicator` }),
      el('span', { class: 'indicator-words' }, ` the fortune indicator: ${r.indicator} (set aside, out of play); `
        + `the other three ${kind} are the fortunes`),
      ` (${tileWords(kind)}: wild, marked ★ fortune)`),
      kind !== 'P' ? el('span', { class: 'whites' }, ` · every White dragon plays as the ${tileWords(kind)}`) : null);
    } else {
      box.append(el('span', { class: 'indicator-words' }, 'no indicator: the four White dragons are the fortunes (wild, marked ★ fortune)'));
    }
    if (r.lao !== undefined && obs.dealer !== null && obs.dealer !== undefined) {
      const factor = r.banker_factor ? `: the banker's factor ×${r.banker_factor}` : '';
      box.append(el('p', { class: 'lao', 'data-lao': r.lao },
        el('strong', {}, 'Banker: '), `${obs.dealer === obs.seat ? 'you' : who(obs.dealer)} at ${laoWords(r.lao)}${factor}`,
        r.lao >= 3 ? ' · a win on a discard between the banker and another player is allowed' : ''));
    }
    if (floating) {
      const mine = floating.seat === obs.seat;
      const rounds = floating.floats ? ` (float round ${floating.floats})` : '';
      box.append(el('p', { class: 'float-round', role: 'status', 'data-seat': floating.seat, 'data-floats': floating.floats ?? '' },
        el('strong', {}, '⚑ Float round: '), `${mine ? 'you float' : `${who(floating.seat)} floats`}${rounds}`,
        ' — a fortune thrown away: nobody may claim a discard until the floater plays again.'));
    } else box.append(el('p', { class: 'float-round none' }, 'No float round.'));
    const offer = r.float_discard;
    if (offer) {
      box.append(el('p', { class: 'float-offer', 'data-floats': offer.floats },
        `You may float: discard a ${tileWords(offer.tile)} (a fortune) for float round ${offer.floats}; `
        + `a wild-eye win then counts ×${offer.multiplier}`
        + (offer.now ? ` (winning now counts ×${offer.now})` : '') + '.'));
    }
    const streaks = Object.entries(r.kong_streaks || {}).filter(([, n]) => n);
    if (streaks.length) {
      box.append(el('p', { class: 'kong-streaks' }, el('strong', {}, 'Kong streaks: '),
        streaks.map(([s, n]) => `${who(s)} ${n} kong${n === 1 ? '' : 's'} in a row`).join('; ')));
    }
    const claims = Object.entries(r.claims || {}).flatMap(([taker, given]) =>
      Object.entries(given).map(([giver, n]) => `${who(taker)} ${n} from ${who(giver)}`));
    if (claims.length) box.append(el('p', { class: 'claims' }, el('strong', {}, 'Claims made (for liability): '), claims.join('; ')));
    return box;
  }

  // A laizi table's public facts, from its state: the indicator turned up from the tail
  // (out of play) and the laizi after it (wild in the concealed hand), the kong-only
  // kinds, each seat's Red and laizi kongs, and the haitei draws once they have begun.
  laiziInfo(obs) {
    const r = rulesetState(obs);
    const laizi = laiziOf(obs);
    if (!laizi) return null;
    const kind = laizi.kind;
    const who = (s) => { const p = this.label(obs, Number(s)); return s === obs.seat ? 'you' : `${p.name} (${p.wind})`; };
    const box = el('section', { class: 'gold-info laizi-info', 'aria-label': 'the laizi',
      'data-indicator': r.indicator || '', 'data-laizi': kind, 'data-kong-only': kongOnlyOf(obs).join(' '),
      'data-haitei': r.haitei ? 'yes' : 'no' },
    el('strong', {}, 'Laizi (wild tiles)'));
    if (r.indicator) {
      box.append(el('p', { class: 'indicator' }, tileImage(r.indicator, { class: 'tile small indicator-tile',
        alt: `${tileWords(r.indicator)}, the laizi indicator`, title: `${tileWords(r.indicator)}, the laizi indicator` }),
      el('span', { class: 'indicator-words' }, ` the laizi indicator: ${r.indicator} (turned up from the tail, set aside, out of play)`)));
    }
    box.append(el('p', { class: 'laizi' }, goldTileImage(kind, laizi, { class: 'tile small laizi-shown' }),
      el('span', { class: 'laizi-words' }, ` the laizi: ${kind} (${tileWords(kind)}: wild in the concealed hand, marked ★ laizi; `
        + 'never claimed, never in a claimed set or a kong)')));
    const kongOnly = kongOnlyOf(obs);
    if (kongOnly.length) {
      box.append(el('p', { class: 'kong-only', 'data-kinds': kongOnly.join(' ') }, el('strong', {}, 'Kong-only: '),
        `${kongOnly.map(tileWords).join(', ')}: set one aside face up (a replacement comes from the tail) or discard it, `
        + `either is a Red kong; a laizi set aside or discarded is a laizi kong; nobody may claim either.`));
    }
    const seats = new Set([...Object.keys(r.red_kongs || {}), ...Object.keys(r.laizi_kongs || {})].map(Number));
    const kongs = [...seats].sort((a, b) => a - b).map((s) => {
      const red = (r.red_kongs || {})[s] || 0;
      const lz = (r.laizi_kongs || {})[s] || 0;
      return `${who(s)} ${[red ? count(red, 'Red kong') : null, lz ? count(lz, 'laizi kong') : null].filter(Boolean).join(' and ')}`;
    });
    box.append(el('p', { class: 'kongs' + (kongs.length ? '' : ' none') }, el('strong', {}, 'Red and laizi kongs: '),
      kongs.length ? kongs.join('; ') : 'none yet'));
    if (r.haitei) {
      box.append(el('p', { class: 'haitei', role: 'status' }, el('strong', {}, 'Haitei: draw and keep, no discards'),
        ' — each of the last tiles drawn is kept (or won on), with no discard and no kong.'));
    }
    return box;
  }

  // The goulash's public facts: the wild tile, the exchange under way, who is fishing.
  goulashInfo(obs) {
    const g = rulesetState(obs);
    if (!g.goulash) return null;
    const inExchange = obs.phase === 'exchange' || (obs.window && obs.window.kind === 'exchange');
    const fishing = (g.fishing || []).map((s) => `${this.label(obs, s).name} (${obs.seat_names[s]})`);
    const wildWords = g.wild === 'J' ? 'the jokers are wild' : `the ${tileWords(g.wild)} are wild`;
    return el('section', { class: 'goulash', 'aria-label': 'a goulash hand', 'data-wild': g.wild,
      'data-exchange': inExchange ? g.exchange : '', 'data-fishing': (g.fishing || []).join(' ') },
    el('strong', {}, 'Goulash hand'), ' · ',
    el('span', { class: 'wild' }, tileImage(g.wild, { class: 'tile small', alt: '' }), ` ${wildWords}`), ' · ',
    el('span', { class: 'exchange-number' }, inExchange ? `exchange ${g.exchange} of 3 (three tiles passed face down)`
      : 'the exchanges are over'), ' · ',
    el('span', { class: 'fishing' }, fishing.length ? `fishing: ${fishing.join(', ')}` : 'nobody is fishing'));
  }

  // The choice of an exchange: which of the hand's tiles are picked (by place in the
  // hand, which may hold two of a kind), kept through redraws of the same window.
  picked(state) {
    const obs = state.observation;
    const key = `${state.hand}|${rulesetState(obs).exchange}|${obs.hand}`;
    if (!this.picks || this.picks.key !== key) this.picks = { key, chosen: new Set() };
    return this.picks.chosen;
  }

  // The hand as toggles: click, Enter or Space picks a tile to pass or puts it back.
  exchangeRow(state, hand, wild) {
    const chosen = this.picked(state);
    const legal = (state.observation.legal || []).filter((a) => /^exchange /.test(a));
    this.exchangeHand = hand;
    this.exchangeMap = new Map(legal.map((a) => [exchangeKey(a.split(' ').slice(1)), a]));
    const row = el('div', { class: 'hand choosing', role: 'group',
      'aria-label': 'your hand: pick three tiles to pass; arrows move, Enter or Space picks or puts back, X passes them' });
    row.style.setProperty('--tiles', String(Math.max(14, hand.length)));
    hand.forEach((t, i) => {
      const isWild = wild !== null && t.replace(/\*$/, '') === wild;
      row.append(el('button', { type: 'button', class: 'tile-button' + (isWild ? ' wild' : ''), 'data-tile': t,
        'data-index': i, 'aria-disabled': 'false', 'aria-pressed': chosen.has(i) ? 'true' : 'false',
        onclick: () => this.togglePick(i) }, tileImage(t, { alt: '' })));
    });
    return row;
  }

  togglePick(i) {
    if (this.isBusy || !this.picks) return;
    const chosen = this.picks.chosen;
    if (chosen.has(i)) chosen.delete(i);
    else if (chosen.size >= 3) {
      this.exchangeNote('Three tiles are picked: put one back first.');
      return;
    } else chosen.add(i);
    this.syncPicks();
  }

  exchangeNote(text) {
    const note = this.board.querySelector('.exchange-note');
    if (note) note.textContent = text;
  }

  // The hand's toggles and the "Pass these three" button, after a pick.
  syncPicks() {
    const chosen = this.picks ? this.picks.chosen : new Set();
    const hand = this.exchangeHand || [];
    for (const b of this.board.querySelectorAll('.hand .tile-button[data-index]')) {
      const i = Number(b.dataset.index);
      const on = chosen.has(i);
      const t = hand[i];
      const wild = b.classList.contains('wild') ? ' (wild)' : '';
      b.setAttribute('aria-pressed', on ? 'true' : 'false');
      b.classList.toggle('picked', on);
      const words = `${tileWords(t)}${wild}: ${on ? 'picked to pass, press to put back' : 'press to pick'}`;
      b.setAttribute('aria-label', words);
      b.title = words;
    }
    const button = this.board.querySelector('.actions button[data-kind="exchange"]');
    if (!button) return;
    const list = [...chosen].sort((a, b) => a - b).map((i) => hand[i]);
    const action = list.length === 3 ? this.exchangeMap.get(exchangeKey(list)) : undefined;
    if (action) button.dataset.action = action;
    else delete button.dataset.action;
    button.setAttribute('aria-disabled', action ? 'false' : 'true');
    const label = action ? `Pass these three: ${list.map(tileWords).join(', ')}`
      : `Pass these three (pick three tiles of your hand first: ${list.length} picked)`;
    button.setAttribute('aria-label', label);
    button.title = label;
    const shown = button.querySelector('.claim-tiles');
    shown.innerHTML = '';
    for (const t of list) shown.append(tileImage(t, { class: 'tile small', alt: '' }));
    this.exchangeNote(list.length === 3 && !action ? 'The rules do not allow passing these three.'
      : `${list.length} of 3 picked`);
  }

  sendExchange() {
    const button = this.board.querySelector('.actions button[data-kind="exchange"]');
    const action = button && button.dataset.action;
    if (!action || this.isBusy) return;
    this.client.act(action);
  }

  actions(state) {
    const obs = state.observation;
    const all = (state.answered ? [] : obs.legal || []).filter((a) => !/^discard \S+$/.test(a));
    const legal = all.filter((a) => !/^exchange /.test(a));
    const bar = el('div', { class: 'actions', role: 'group', 'aria-label': 'your choices' });
    if (state.answered) bar.append(el('span', { class: 'waiting' }, 'Your answer is in: waiting for the others…'));
    const inExchange = obs.phase === 'exchange' || (obs.window && obs.window.kind === 'exchange');
    const afterDeal = obs.window && obs.window.kind === 'after_deal';
    const lastTurn = obs.window && obs.window.kind === 'last_turn';
    const indicator = rulesetState(obs).indicator;
    const laizi = laiziOf(obs);
    if (all.length > legal.length) {
      bar.append(el('span', { class: 'exchange-note', role: 'status' }, '0 of 3 picked'),
        el('button', { type: 'button', 'data-kind': 'exchange', 'aria-disabled': 'true', class: 'exchange',
          onclick: () => this.sendExchange() }, el('span', {}, 'Pass these three'), el('span', { class: 'claim-tiles' })),
        el('button', { type: 'button', class: 'clear-picks', onclick: () => {
          if (this.picks) this.picks.chosen.clear();
          this.syncPicks();
        } }, 'Put them back'));
    }
    for (const a of legal) {
      const kind = a.split(' ')[0];
      const rest = a.slice(kind.length + 1);
      const words = CLAIM_WORDS[kind] || kind.replace(/_/g, ' ');
      let made = claimTiles(kind, rest);
      if (kind === 'rob_gold') made = rest ? [rest] : indicator ? [indicator] : [];
      else if (kind === 'red_kong' && rest) made = [rest];
      else if (kind === 'laizi_kong' && laizi) made = [laizi.kind];
      else if (kind === 'keep' && this.drawnTile) made = [this.drawnTile];
      // "discard 5p declare": the discard that declares the hand ready (a disclosure)
      const declaring = kind === 'discard' && / declare$/.test(rest);
      if (declaring) made = [rest.split(' ')[0]];
      const from = obs.last_discard ? ` with the ${tileWords(obs.last_discard.tile)} discarded` : '';
      let label = words;
      if (declaring) label = `Declare ready: discard the ${tileWords(made[0])} and declare your hand ready (the others see what it waits on)`;
      else if (kind === 'chow') label = `Chow ${made.map(tileWords).join(', ')}${from}`;
      else if (kind === 'win' && inExchange) label = "Win: Heaven's Blessing (East's dealt hand is complete)";
      else if (kind === 'win' && afterDeal) label = 'Win now: the heavenly win (your dealt hand is complete)';
      else if (kind === 'knock') label = `Knock: win with your three Golds (the three gold knocker)${lastTurn ? ', instead of the drawn hand' : ''}`;
      else if (kind === 'rob_gold') label = rest ? `Rob the Gold: lay the ${tileWords(rest)} aside face up and take the ${tileWords(indicator || '')} indicator to win`
        : `Rob the Gold: take the ${tileWords(indicator || '')} indicator to win`;
      else if (kind === 'eight') label = 'Win: your eighth flower or season';
      else if (kind === 'red_kong') label = `Red kong: set the ${tileWords(rest)} aside face up and draw a replacement from the tail`;
      else if (kind === 'laizi_kong') label = `Laizi kong: set a laizi (the ${tileWords(laizi ? laizi.kind : '')}) aside face up and draw a replacement from the tail`;
      else if (kind === 'keep') label = `Keep the haitei tile${made.length ? ` (the ${tileWords(made[0])})` : ''}: no discard`;
      else if (kind === 'pass' && afterDeal) label = 'Pass: no declaration after the deal';
      else if (kind === 'pass' && lastTurn) label = 'Pass: let the hand end drawn';
      else if (kind === 'win') label = made.length ? `Win on the ${tileWords(made[0])}` : 'Win (self-drawn)';
      else if (kind === 'fish') label = made.length ? `Fish: declare the hand one tile from going out, discarding the ${tileWords(made[0])} first`
        : 'Fish: declare the hand one tile from going out (it is frozen)';
      else if (kind === 'pass' && inExchange) label = 'Pass: sit this exchange out';
      else if (/ with /.test(rest)) label = `${words}: ${made.map(tileWords).join(', ')} (with a wild tile)`;
      else if (made.length) label = `${words}: ${tileWords(made[0])}`;
      else if (rest) label = `${words} ${rest}`;
      const winning = ['win', 'rob', 'knock', 'rob_gold', 'eight'].includes(kind);
      let shown = winning ? '★ ' + words : words;
      if (kind === 'win' && afterDeal) shown = '★ Heavenly win';
      else if (kind === 'rob_gold' && rest) shown = '★ Rob the Gold, laying aside';
      else if (kind === 'pass' && (afterDeal || lastTurn)) shown = 'Pass (no declaration)';
      else if (declaring) shown = 'Declare ready, discarding';
      bar.append(el('button', { type: 'button', 'data-action': a, 'data-kind': declaring ? 'declare' : kind, 'aria-label': label, title: label,
        class: winning ? 'win' : '', onclick: () => { if (!this.isBusy) this.client.act(a); } },
      el('span', {}, shown), made.length > 1 ? el('span', { class: 'claim-tiles' }, made.map((t) => tileImage(t, { class: 'tile small', alt: '' }))) : null,
      made.length === 1 ? el('span', {}, ' ', tileImage(made[0], { class: 'tile small', alt: '' })) : null));
    }
    const asked = all.length && obs.phase !== 'turn';
    if (asked || (state.answered && this.deadline !== null)) {
      this.countdown = el('span', { class: 'countdown', role: 'timer', 'aria-live': 'off' });
      bar.append(this.countdown);
    } else this.countdown = null;
    if (asked && this.deadline === null) this.countdown.textContent = 'no time limit';
    return bar;
  }

  // The claim window's countdown, ticking between the server's messages.
  tick() {
    if (!this.countdown || this.deadline === null) return;
    const left = Math.max(0, (this.deadline - performance.now()) / 1000);
    this.countdown.textContent = `${Math.ceil(left)} s left to answer`;
    this.countdown.dataset.seconds = String(Math.ceil(left));
  }

  eventText(obs, e) {
    const who = e.seat !== undefined && e.seat !== null ? this.label(obs, e.seat).name : '';
    switch (e.kind) {
      case 'drawn': return `you draw the ${tileWords(e.tile)}`;
      case 'draw': return `${who} draws${e.replacement ? ' a replacement tile' : ''}`;
      case 'discard': {
        const thrown = rulesetState(obs).indicator_discard;
        const own = thrown && thrown.seat === e.seat && e.tile === goldOf(obs)
          && tiles(obs.discards[e.seat] || '').length - 1 === thrown.index;
        const kong = kongOf(obs, e.tile);
        return `${who} discards the ${own ? indicatorWords(e.tile) : goldWords(e.tile, goldOf(obs) || laiziOf(obs))}`
          + (kong ? `: a ${kong} (nobody may claim it)` : '');
      }
      case 'claim': return `${who} claims ${e.meld}`;
      case 'bonus': return `${who} lays out the ${tileWords(e.tile)}`;
      case 'concealed_kong': return `${who} declares a concealed kong`;
      case 'concealed_kong_tile': return `your concealed kong of ${tileWords(e.tile)}`;
      case 'added_kong': return `${who} adds the ${tileWords(e.tile)} to a pung`;
      case 'win': return `${who} wins on the ${tileWords(e.tile)}: ${e.total} points`;
      case 'exhaustive_draw': return 'the wall is empty: the hand is drawn';
      case 'reveal': return `${who} lays the hand open`;
      case 'payment': {
        const paid = Array.isArray(e.payments) ? `: ${amountsWords(e.payments, (s) => this.label(obs, s).name)}` : '';
        return `${who ? `${who}'s ` : ''}${(e.reason || '').replace(/_/g, ' ')} paid at once${paid}`;
      }
      case 'disclosure': {
        const waits = (e.waits || []).map((t) => `the ${tileWords(t)}`).join(', ');
        return `${who} declares the hand ready, waiting on ${waits || 'nothing'}`
          + (e.scope === 'full' ? ' (the hand is laid open)' : e.scope === 'waits_only' ? ' (the waits only are shown)' : '');
      }
      case 'deal': return `you are dealt ${e.tiles}`;
      case 'passed': return `${who} passes ${e.count} tiles face down to ${this.label(obs, e.receiver).name}`;
      case 'received': return `you receive ${tiles(e.tiles).map(tileWords).join(', ')} from ${this.label(obs, e.from).name}`;
      case 'dice': return `dice: ${e.dice.join(' ')}`;
      case 'walls': return `the walls (inner ${e.inner}, outer ${e.outer} tiles): ${who} throws ${e.dice.join(' ')}, `
        + `${this.label(obs, e.first).name} takes first from the inner walls and throws ${e.breaker_dice.join(' ')}: `
        + `${this.label(obs, e.breaker).name} breaks the outer wall after its tile ${e.break_after}`;
      case 'indicator_dice': return `${who} throws ${e.dice.join(' ')} for the Gold indicator`;
      case 'shown': return `the Gold indicator is turned up: the ${tileWords(e.tile)} (the other three are Golds)`;
      case 'aside': {
        const kong = kongOf(obs, e.tile);
        return `${who} lays the ${goldWords(e.tile, laiziOf(obs))} aside, face up${kong ? `: a ${kong}` : ''}`;
      }
      case 'taken': return `${who} takes the ${tileWords(e.tile)}`;
      case 'lao': return `${who} is the banker at ${laoWords(e.lao)}${e.dice ? `, throws ${e.dice.join(' ')}` : ''}`;
      case 'set_aside': {
        if (e.face_down) return 'a tile is set aside face down, out of play';
        const r = rulesetState(obs);
        const fortunes = r.fortune && r.indicator === e.tile ? ': the fortune indicator (the other three are the fortunes)'
          : r.laizi && r.indicator === e.tile ? `: the laizi indicator (the laizi: the ${tileWords(r.laizi)})` : '';
        return `the ${tileWords(e.tile)} is turned up and set aside${fortunes}`;
      }
      default: return `${e.kind.replace(/_/g, ' ')}${who ? ' (' + who + ')' : ''}`;
    }
  }

  // The end of a hand: who won, how, the breakdown and the payments; true when shown.
  renderResult(state, fin = null) {
    const last = state.last_hand;
    this.tableArea.dataset.result = 'none';
    this.nextButton = null;
    if (!last) { this.result.hidden = true; return false; }
    if (this.dismissed === last.number && !state.match_over) {
      this.result.hidden = true;
      if (state.between_hands) this.status.textContent += ' · waiting for the others to go on';
      return false;
    }
    this.tableArea.dataset.result = fin ? 'over-table' : 'over-next';
    if (this.shownResult === last.number && !this.result.hidden && !state.match_over) {
      this.nextButton = this.result.querySelector('#next');
      return false;  // already up; drawn once
    }
    const fresh = this.shownResult !== last.number;
    this.shownResult = last.number;
    this.result.innerHTML = '';
    this.result.hidden = false;
    const names = this.names[last.number] || {};
    const name = (s) => (names[s] ? `${names[s]} (${last.seat_names[s]})` : last.seat_names[s]);
    const r = last.result;
    const gold = this.golds[last.number] || null;
    this.result.classList.remove('folded');
    const fold = el('button', { type: 'button', class: 'fold', 'aria-expanded': 'true',
      onclick: () => {
        const folded = this.result.classList.toggle('folded');
        fold.setAttribute('aria-expanded', folded ? 'false' : 'true');
        fold.textContent = folded ? 'Show the scores' : 'See the table';
      } }, 'See the table');
    this.result.append(el('div', { class: 'result-head' }, el('h2', {}, `Hand ${last.number} is over`), fold));
    if (!r.wins.length) this.result.append(el('p', { class: 'drawn-hand' }, 'Nobody won: the hand is drawn.'));
    if (r.lao !== undefined) this.result.append(el('p', { class: 'lao-note' }, `The banker was at ${laoWords(r.lao)}.`));
    if (r.laizi !== undefined) {
      this.result.append(el('p', { class: 'laizi-note', 'data-laizi': r.laizi }, `The laizi was the ${tileWords(r.laizi)}`
        + `${r.indicator ? ` (its indicator the ${tileWords(r.indicator)})` : ''}.`));
    }
    const revealed = last.revealed || [];
    // rule systems that score every seat's hand (classical) send every score: each
    // seat's breakdown is shown below, the winners' among them
    const scores = Array.isArray(r.scores) ? r.scores : null;
    r.wins.forEach((w, i) => {
      const how = w.self_drawn ? 'self-drawn' : `on the discard of ${name(w.discarder)}`;
      const shown = revealed[i];
      this.result.append(el('h3', { class: 'winner' }, `${name(w.seat)} wins on the ${tileWords(w.tile)}, ${how}`));
      if (shown) {
        const list = tiles(shown.hand);
        const at = list.lastIndexOf(w.tile);
        this.result.append(el('p', { class: 'winning-hand', role: 'group', 'aria-label': 'the winning hand' },
          list.map((t, k) => {
            if (k !== at) return goldTileImage(t, gold, { class: 'tile small' });
            const words = `${goldWords(t, gold)}, the winning tile`;
            return el('span', { class: 'winning-tile', 'data-winning': 'yes' },
              goldTileImage(t, gold, { class: 'tile small won', alt: words, title: words }),
              el('span', { class: 'won-tile-mark', 'aria-hidden': 'true' }, '★ won'));
          }), ' ',
          (shown.melds || []).map((m) => meldTiles(m, gold))));
      }
      if (scores) return;
      if (w.patterns.some((p) => p.unit === 'water' || p.unit === 'multiplier')) {
        this.result.append(this.goldBreakdown(w, i === 0 ? r.multiplier : undefined));
        return;
      }
      const table = el('table', { class: 'breakdown' },
        el('caption', {}, 'The score, pattern by pattern'),
        el('tr', {}, el('th', { scope: 'col' }, 'pattern'), el('th', { scope: 'col' }, 'value'),
          el('th', { scope: 'col' }, 'count'), el('th', { scope: 'col' }, 'points')));
      for (const p of w.patterns) table.append(patternRow(p));
      table.append(el('tr', { class: 'total' }, el('td', {}, 'total'), el('td', {}), el('td', {}), el('td', { class: 'points' }, w.total)));
      this.result.append(table);
      // a win settled from the whole table (a laizi table's): what each loser pays
      if (r.laizi !== undefined && Array.isArray(w.payments)) this.result.append(this.shares(w, name));
    });
    if (scores) this.result.append(this.everyScore(last, scores, name));
    const bySeat = (role) => last.seat_names.indexOf(role);
    if (Array.isArray(r.disclosed) && r.disclosed.length) {
      this.result.append(el('p', { class: 'disclosed-note', 'data-disclosed': r.disclosed.join(' ') },
        `Declared ready (in order): ${r.disclosed.map((role) => name(bySeat(role))).join(', ')}.`));
    }
    if (Array.isArray(r.transfers) && r.transfers.length) {
      this.result.append(el('h3', {}, 'Paid during the hand'), el('ol', { class: 'transfers', 'aria-label': 'payments during the hand' },
        r.transfers.map((t) => el('li', { 'data-seat': t.seat, 'data-payments': t.payments.join(' ') },
          `${name(t.seat)}: ${(t.reason || 'payment').replace(/_/g, ' ')}: ${amountsWords(t.payments, name)}`))));
    }
    const resting = this.resting[last.number] || [];
    if (resting.length) this.result.append(el('p', { class: 'resting' }, `${resting.join(', ')} sat this hand out.`));
    const pays = el('ul', { class: 'payments', 'aria-label': scores ? "the settlement: each player's net" : 'the payments' });
    r.payments.forEach((v, s) => pays.append(el('li', { 'data-seat': s, 'data-amount': v },
      `${name(s)}: ${v > 0 ? '+' : v < 0 ? '−' : ''}${Math.abs(v)}${v > 0 ? ' (receives)' : v < 0 ? ' (pays)' : ''}`)));
    this.result.append(el('h3', {}, scores ? "Settlement: each player's net" : 'Payments'), pays);
    if (state.match_over) this.result.append(this.standings(state));
    else if (this.client.role !== 'spectator') {
      this.nextButton = el('button', { type: 'button', id: 'next', onclick: () => {
        this.dismissed = last.number; this.result.hidden = true; this.client.next();
        this.draw();  // the next hand, dealt already: drawn now this person goes on
      } }, 'Next hand');
      this.result.append(this.nextButton);
    }
    if (fresh) this.result.scrollIntoView({ block: 'nearest' });
    return fresh;
  }

  // A win's shares: what each loser pays the winner (the win's own payments).
  shares(w, name) {
    const losers = w.payments.map((v, s) => [s, v]).filter(([, v]) => v < 0);
    return el('p', { class: 'shares', 'data-seat': w.seat },
      el('strong', {}, 'Each loser pays a share: '),
      losers.length ? losers.map(([s, v]) => `${name(s)} ${-v}`).join(', ') : 'nobody pays',
      `; ${name(w.seat)} receives ${w.payments[w.seat]}.`);
  }

  // A gold win: the water lines, the one multiplier, and what each other player pays:
  // (base + water) × multiplier.
  goldBreakdown(w, multiplier) {
    const water = w.patterns.filter((p) => p.unit === 'water').reduce((a, p) => a + p.value * p.count, 0);
    const times = w.patterns.filter((p) => p.unit === 'multiplier').map((p) => p.value);
    const m = multiplier || (times.length ? Math.max(...times) : 1);
    const table = el('table', { class: 'breakdown gold-breakdown', 'data-water': water, 'data-multiplier': m },
      el('caption', {}, 'The score: the water lines, then the multiplier'),
      el('tr', {}, el('th', { scope: 'col' }, 'pattern'), el('th', { scope: 'col' }, 'worth'),
        el('th', { scope: 'col' }, 'count'), el('th', { scope: 'col' }, 'water')));
    for (const p of w.patterns) {
      const isWater = p.unit === 'water';
      const worth = isWater ? `${p.value} water` : p.unit === 'multiplier' ? `×${p.value} multiplier` : lineWorth(p);
      table.append(el('tr', { class: 'pattern', 'data-unit': p.unit || '', 'data-key': p.key || '' },
        el('td', {}, p.name), el('td', {}, worth), el('td', {}, p.count),
        el('td', { class: 'points' }, isWater ? p.value * p.count : '')));
    }
    table.append(
      el('tr', { class: 'water-total' }, el('td', {}, 'water'), el('td', {}), el('td', {}), el('td', { class: 'points' }, water)),
      el('tr', { class: 'multiplier' }, el('td', {}, 'multiplier (the highest one)'), el('td', {}, `×${m}`), el('td', {}), el('td', {})),
      el('tr', { class: 'arithmetic' }, el('td', { colspan: 4 }, `each other player pays (their base + ${water} water) × ${m}`)),
      el('tr', { class: 'total' }, el('td', {}, 'total'), el('td', {}), el('td', {}), el('td', { class: 'points' }, w.total)));
    return table;
  }

  // Every seat's hand scored (classical): the player, the total, the reading, each
  // line with its unit, and the arithmetic.
  everyScore(last, scores, name) {
    const winners = new Set(last.result.wins.map((w) => w.seat));
    const box = el('section', { class: 'scores', 'aria-label': "every seat's hand, scored" },
      el('h3', {}, 'Every hand scored'));
    scores.forEach((sc, s) => {
      if (!sc) return;
      const won = winners.has(s);
      const id = `score-${last.number}-${s}`;
      const head = el('h4', { id }, `${name(s)}${won ? ' · winner' : ''}: `,
        el('span', { class: 'seat-total' }, sc.total), sc.limit ? ' (a limit hand)' : '');
      const article = el('article', { class: 'seat-score' + (won ? ' winner' : ''), 'data-seat': s,
        'data-total': sc.total, 'aria-labelledby': id }, head);
      if (sc.reading) {
        const shown = readingTiles(sc.reading);
        article.append(el('p', { class: 'reading', 'data-reading': sc.reading },
          'Reading: ', shown || null, ' ', el('code', {}, sc.reading)));
      }
      if (sc.reason) article.append(el('p', { class: 'note reason' }, sc.reason));
      const table = el('table', { class: 'seat-breakdown' },
        el('caption', {}, `${name(s)}: the hand, line by line`),
        el('tr', {}, el('th', { scope: 'col' }, 'pattern'), el('th', { scope: 'col' }, 'count'),
          el('th', { scope: 'col' }, 'worth')));
      for (const p of sc.patterns || []) {
        table.append(el('tr', { class: 'pattern', 'data-unit': p.unit || '', 'data-key': p.key || '' },
          el('td', {}, p.name), el('td', {}, p.count > 1 ? `×${p.count}` : ''), el('td', { class: 'worth' }, lineWorth(p))));
      }
      if (!(sc.patterns || []).length) table.append(el('tr', { class: 'nothing' }, el('td', { colspan: 3 }, 'nothing scores')));
      const explain = sc.explain || [];
      if (explain.length) {
        table.append(el('tr', { class: 'arithmetic' }, el('td', { colspan: 3 }, explain[explain.length - 1])));
      }
      table.append(el('tr', { class: 'total' }, el('td', {}, 'total'), el('td', {}), el('td', { class: 'points' }, sc.total)));
      article.append(table);
      box.append(article);
    });
    return box;
  }

  standings(state) {
    const res = state.results;
    const box = el('section', { class: 'standings' }, el('h2', {}, 'The match is over'));
    const table = el('table', {}, el('tr', {}, el('th', {}, 'rank'), el('th', {}, 'player'), el('th', {}, 'score')));
    for (const r of res.standings) table.append(el('tr', {}, el('td', {}, r.rank), el('td', {}, r.name), el('td', {}, r.score)));
    const game = this.client.game;
    box.append(table, this.chart(state), el('p', {},
      el('a', { href: `/api/tables/${game}/record`, download: `parlour-${game}.json` }, 'Download the record'), ' · ',
      el('a', { href: `/replay/${game}` }, 'Replay the game')));
    return box;
  }

  chart(state) {
    // scores over the hands, one line per player, told apart by dashes and a legend
    const hist = state.score_history || [];
    const players = (state.results && state.results.standings) || [];
    const svg = document.createElementNS('http://www.w3.org/2000/svg', 'svg');
    svg.setAttribute('viewBox', '0 0 320 160');
    svg.setAttribute('role', 'img');
    svg.setAttribute('aria-label', 'scores over the hands');
    svg.classList.add('chart');
    if (hist.length <= 1) return this.bars(svg, hist.length ? hist[0] : players.map((r) => r.score), players);
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
    const legend = el('ul', { class: 'legend' });
    hist[0].forEach((_, p) => {
      const who = players.find((r) => r.player === p);
      legend.append(el('li', {}, `${['solid', 'dashed', 'dotted', 'dash-dot', 'fine dots'][p % 5]} line: ${who ? who.name : 'player ' + (p + 1)}`));
    });
    return el('figure', {}, svg, el('figcaption', {}, legend));
  }

  // A match of one hand: each player's total as a bar from zero, named and numbered
  // on the bar itself (a line over the hands needs two hands at least).
  bars(svg, totals, players) {
    const NS = 'http://www.w3.org/2000/svg';
    svg.setAttribute('aria-label', "each player's total");
    const rowH = 24;
    svg.setAttribute('viewBox', `0 0 320 ${Math.max(1, totals.length) * rowH + 8}`);
    const lo = Math.min(0, ...totals), hi = Math.max(0, ...totals);
    const span = hi - lo || 1;
    const x = (v) => 110 + (200 * (v - lo)) / span;
    totals.forEach((v, p) => {
      const who = players.find((r) => r.player === p);
      const name = who ? who.name : `player ${p + 1}`;
      const y = 4 + p * rowH;
      const bar = document.createElementNS(NS, 'rect');
      bar.setAttribute('class', 'bar');
      bar.setAttribute('x', String(Math.min(x(0), x(v))));
      bar.setAttribute('y', String(y + 4));
      bar.setAttribute('width', String(Math.max(1, Math.abs(x(v) - x(0)))));
      bar.setAttribute('height', String(rowH - 8));
      bar.setAttribute('fill', 'currentColor');
      bar.setAttribute('fill-opacity', v < 0 ? '0.45' : '0.85');
      bar.dataset.player = String(p);
      bar.dataset.total = String(v);
      const title = document.createElementNS(NS, 'title');
      title.textContent = `${name}: ${v}`;
      bar.append(title);
      const label = document.createElementNS(NS, 'text');
      label.setAttribute('x', '2');
      label.setAttribute('y', String(y + rowH / 2 + 4));
      label.setAttribute('font-size', '11');
      label.setAttribute('fill', '#222');
      label.textContent = `${name}: ${v}`;
      svg.append(bar, label);
    });
    const axis = document.createElementNS(NS, 'line');
    axis.setAttribute('x1', String(x(0)));
    axis.setAttribute('x2', String(x(0)));
    axis.setAttribute('y1', '0');
    axis.setAttribute('y2', String(totals.length * rowH + 8));
    axis.setAttribute('stroke', '#222');
    svg.append(axis);
    return el('figure', {}, svg, el('figcaption', {}, 'Each player\'s total after the one hand (a bar from zero).'));
  }
}
