// The calculator: build a hand by clicking tiles, say how it was won, and score it
// (the same scorer as `parlour score`, through POST /api/score).
import { el, patternRow, tileImage, tileWords, tiles } from '/static/mahjong.js';

const SUITED = [...'mps'].flatMap((s) => [...'123456789'].map((d) => d + s));
const HONOURS = [...'ESWNCFP'];
const ALL = SUITED.concat(HONOURS);
const BONUS = ['f1', 'f2', 'f3', 'f4', 'x1', 'x2', 'x3', 'x4'];
const ORDER = Object.fromEntries(ALL.map((t, i) => [t, i]));
const WINDS = [['E', 'East'], ['S', 'South'], ['W', 'West'], ['N', 'North']];
const MODES = [
  ['concealed', 'a concealed tile'],
  ['chow', 'an exposed chow (click its lowest tile)'],
  ['pung', 'an exposed pung'],
  ['kong', 'an exposed kong'],
  ['concealed_kong', 'a concealed kong'],
  ['win', 'the winning tile'],
];
// the situation fields this page can fill in
const CAN_FILL = new Set(['hand', 'win_tile', 'seat_wind', 'round_wind', 'discarder', 'bonus', 'gold',
  'fortune', 'banker', 'lao', 'floats', 'kong_streak',
  'self_drawn', 'last_wall_tile', 'last_of_kind', 'kong_replacement', 'robbing_kong']);
// the counts a rule system may read, each with its words and least value
const COUNTS = [
  ['lao', "The banker's stay level (lao): 1 in his first hand, 2 in his second, 3 or more", 1],
  ['floats', 'Float rounds before the win (a fortune thrown away each time)', 0],
  ['kong_streak', "Kongs in the streak the winning replacement tile ended (on a kong's replacement)", 0],
];

const FLAGS = [
  ['self_drawn', 'self-drawn', 'Won by drawing the tile from the wall'],
  ['last_wall_tile', 'last tile of the wall', 'Won on the last tile of the wall (drawn or discarded)'],
  ['last_of_kind', 'last of its kind', 'The winning tile is the last of its kind: the other three are in sight'],
  ['kong_replacement', 'on a kong replacement', "Won on a kong's replacement tile"],
  ['robbing_kong', 'robbing the kong', "Won by robbing another player's added kong"],
];

// A tile without its wild mark: "4s*" -> "4s".
const bare = (t) => t.replace(/\*$/, '');

// Tiles in notation, grouped by suit, each wild (marked *) on its own after its suit:
// ["4p","5p","6p","E","E"] -> "456p EE"; ["2s","2s","4s*"] -> "22s 4s*"
export function notation(list) {
  const sorted = [...list].sort((a, b) => ORDER[bare(a)] - ORDER[bare(b)]);
  const out = [];
  for (const s of 'mps') {
    const digits = sorted.filter((t) => t[1] === s && t === bare(t)).map((t) => t[0]).join('');
    if (digits) out.push(digits + s);
    out.push(...sorted.filter((t) => t[1] === s && t !== bare(t)));
  }
  for (const h of HONOURS) {
    const run = sorted.filter((t) => t === h).join('');
    if (run) out.push(run);
    out.push(...sorted.filter((t) => t === `${h}*`));
  }
  return out.join(' ');
}

function meldText(kind, t) {
  if (kind === 'chow') return /^[1-7][mps]$/.test(t) ? `[${+t[0]}${+t[0] + 1}${+t[0] + 2}${t[1]}]` : null;
  const n = kind === 'pung' ? 3 : 4;
  const body = t.length === 2 ? t[0].repeat(n) + t[1] : t.repeat(n);
  return kind === 'concealed_kong' ? `{${body}}` : `[${body}]`;
}

export async function calculator() {
  const root = document.getElementById('calculator');
  const state = { concealed: [], melds: [], win: null, bonus: new Set() };
  const info = await (await fetch('/api/rules')).json();
  // a rule system is offered when the calculator can give every field its scorer needs
  const missing = (s) => (s.required || []).filter((f) => !CAN_FILL.has(f));
  const scorable = info.systems.filter((s) => s.family === 'mahjong' && s.scores && (s.status === 'playable' || s.status === 'scoring only') && !missing(s).length);

  // the rule system and its options
  const rules = el('select', { id: 'calc-rules', name: 'rules' });
  for (const s of info.systems.filter((x) => x.family === 'mahjong')) {
    const can = scorable.includes(s);
    const why = missing(s).length ? `needs ${missing(s).join(', ')}: use parlour score`
      : s.status === 'playable' ? 'no scorer' : s.status;
    rules.append(el('option', { value: s.name, disabled: !can }, `${s.name}${can ? '' : ' (' + why + ')'}`));
  }
  const rulesTitle = el('p', { class: 'note', id: 'calc-rules-title' });
  const options = el('div', { id: 'calc-options' });
  const gold = el('select', { id: 'calc-gold', name: 'gold' },
    ALL.map((t) => el('option', { value: t }, `${t} (${tileWords(t)})`)));
  const goldRow = el('p', { id: 'calc-gold-row', hidden: true },
    el('label', { for: 'calc-gold' }, 'Gold indicator (the tile turned up; its other three copies are wild, marked * in the hand) '), gold);
  // a fortune indicator: the other three of its kind are the fortunes, marked * (a click
  // on a tile of that kind adds a fortune); none: the four Whites are the fortunes
  const fortune = el('select', { id: 'calc-fortune', name: 'fortune', onchange: () => { if (restar()) sync(); } },
    ALL.map((t) => el('option', { value: t }, `${t} (${tileWords(t)})`)),
    el('option', { value: '' }, 'none: the four White dragons are the fortunes (option permanent_white_fortune)'));
  const fortuneRow = el('p', { id: 'calc-fortune-row', hidden: true },
    el('label', { for: 'calc-fortune' }, 'Fortune indicator (the tile turned up; the other three of its kind are the fortunes, wild, marked * in the hand; a White plays as its kind) '), fortune);
  const banker = el('select', { id: 'calc-banker', name: 'banker' }, WINDS.map(([w, name]) => el('option', { value: w }, name)));
  const bankerRow = el('p', { id: 'calc-banker-row', hidden: true }, el('label', { for: 'calc-banker' }, 'The banker (dealer) '), banker);
  const counts = {};
  const countRows = COUNTS.map(([key, words, least]) => {
    counts[key] = el('input', { id: `calc-${key}`, name: key, type: 'number', min: least, value: least, size: 3 });
    return el('p', { id: `calc-${key}-row`, hidden: true }, el('label', { for: `calc-${key}` }, `${words} `), counts[key]);
  });
  // does the rule system chosen read this situation field?
  const readsField = (field) => {
    const system = info.systems.find((s) => s.name === rules.value);
    return Boolean(system && (system.situation || []).includes(field));
  };
  function showRules() {
    const system = info.systems.find((s) => s.name === rules.value) || scorable[0];
    rulesTitle.textContent = system.title;
    goldRow.hidden = !readsField('gold');
    fortuneRow.hidden = !readsField('fortune');
    bankerRow.hidden = !readsField('banker');
    COUNTS.forEach(([key], i) => { countRows[i].hidden = !readsField(key); });
    options.innerHTML = '';
    for (const o of system.options) {
      const id = `calc-opt-${o.name}`;
      const fixed = { id, name: o.name, 'data-default': JSON.stringify(o.default) };
      const input = o.choices
        ? el('select', fixed, o.choices.map((c) => el('option', { value: JSON.stringify(c), selected: c === o.default }, String(c))))
        : typeof o.default === 'boolean' ? el('input', { ...fixed, type: 'checkbox', checked: o.default })
          : el('input', { ...fixed, value: JSON.stringify(o.default) });
      options.append(el('label', { for: id }, `${o.name} `, input, el('small', {}, ` ${o.meaning}`)));
    }
  }
  rules.addEventListener('change', () => { showRules(); if (restar()) sync(); });
  if (scorable.length) rules.value = scorable[0].name;
  showRules();

  // how a clicked tile is added
  const modes = el('fieldset', { class: 'modes', id: 'modes' }, el('legend', {}, 'A click on a tile adds'));
  for (const [value, words] of MODES) {
    modes.append(el('label', {}, el('input', { type: 'radio', name: 'mode', id: `mode-${value}`, value,
      checked: value === 'concealed' }), ` ${words}`));
  }
  const mode = () => modes.querySelector('input[name="mode"]:checked').value;

  const palette = el('div', { class: 'palette', role: 'group', 'aria-label': 'tiles to add' });
  for (const t of ALL) {
    palette.append(el('button', { type: 'button', 'data-tile': t, title: `add the ${tileWords(t)}`,
      'aria-label': `add the ${tileWords(t)}`, onclick: () => add(t) }, tileImage(t, { class: 'tile small', alt: '' })));
  }
  const message = el('p', { class: 'note', id: 'calc-message', 'aria-live': 'polite' });
  const picked = el('div', { class: 'picked', id: 'picked', role: 'group', 'aria-label': 'the hand: click a tile or meld to take it out' });
  const text = el('input', { id: 'hand-text', 'aria-label': 'the hand in notation, winning tile marked +', size: 40,
    placeholder: 'e.g. [123m] 456p 789s EEE CC +C', oninput: () => parse(text.value) });

  // bonus tiles: flowers and seasons, pressed or not
  const bonus = el('div', { class: 'bonus-tiles', id: 'bonus-tiles', role: 'group', 'aria-label': 'flowers and seasons held' });
  for (const t of BONUS) {
    const b = el('button', { type: 'button', id: `bonus-${t}`, 'data-tile': t, 'aria-pressed': 'false',
      'aria-label': tileWords(t), title: tileWords(t), onclick: () => {
        if (state.bonus.has(t)) state.bonus.delete(t); else state.bonus.add(t);
        b.setAttribute('aria-pressed', state.bonus.has(t) ? 'true' : 'false');
      } }, tileImage(t, { class: 'tile small', alt: '' }));
    bonus.append(b);
  }

  // how the hand was won, and the winds
  const flags = el('fieldset', { class: 'flags', id: 'flags' }, el('legend', {}, 'How it was won'));
  const flagBoxes = {};
  for (const [key, words, meaning] of FLAGS) {
    const box = el('input', { type: 'checkbox', id: `flag-${key}`, name: key });
    flagBoxes[key] = box;
    flags.append(el('label', { title: meaning }, box, ` ${words}`));
  }
  const windSelect = (id, words) => el('select', { id, 'aria-label': words },
    WINDS.map(([w, name]) => el('option', { value: w }, name)));
  const seat = windSelect('seat-wind', 'seat wind');
  const round = windSelect('round-wind', 'prevailing wind');
  const discarder = el('select', { id: 'discarder', 'aria-label': 'won on the discard of' },
    el('option', { value: '' }, 'the player on the left'), WINDS.map(([w, name]) => el('option', { value: w }, name)));
  const out = el('div', { class: 'score', id: 'calc-result', 'aria-live': 'polite' });
  // a self-drawn tile has no discarder
  flagBoxes.self_drawn.addEventListener('change', () => { discarder.disabled = flagBoxes.self_drawn.checked; });

  // the kind whose tiles are the fortunes (wild, marked *), or null
  function fortuneKind() {
    return readsField('fortune') ? fortune.value || 'P' : null;
  }
  // a tile as the hand holds it: a fortune marked *
  const marked = (t) => (bare(t) === fortuneKind() ? `${bare(t)}*` : bare(t));
  // the hand's tiles marked again for the fortune indicator chosen (or none): whether
  // any changed
  function restar() {
    if (!readsField('fortune')) return false;  // another rule system's wilds are as typed
    const before = JSON.stringify([state.concealed, state.win]);
    state.concealed = state.concealed.map((t) => (ORDER[bare(t)] === undefined ? t : marked(t)));
    if (state.win && ORDER[bare(state.win)] !== undefined) state.win = marked(state.win);
    return JSON.stringify([state.concealed, state.win]) !== before;
  }

  function add(clicked) {
    const m = mode();
    const t = m === 'concealed' || m === 'win' ? marked(clicked) : clicked;
    message.textContent = '';
    if (m === 'concealed') state.concealed.push(t);
    else if (m === 'win') state.win = t;
    else {
      const meld = meldText(m, t);
      if (!meld) { message.textContent = `A chow runs from 1 to 7 of a suit, not from the ${tileWords(t)}.`; return; }
      state.melds.push(meld);
    }
    sync();
  }

  function handText() {
    const standing = state.win ? [...state.concealed, state.win] : state.concealed;
    return [...state.melds, notation(standing), state.win ? `+${state.win}` : ''].filter(Boolean).join(' ');
  }

  function parse(value) {
    // the notation typed by hand: melds in brackets, tiles, +T the winning tile
    const melds = value.match(/[[{][^\]}]*[\]}]/g) || [];
    const rest = value.replace(/[[{][^\]}]*[\]}]/g, ' ');
    const win = (rest.match(/\+\s*(\S+)/) || [])[1] || null;
    const loose = tiles(rest.replace(/\+\s*\S+/, ' '));
    if (win) { const i = loose.indexOf(win); if (i >= 0) loose.splice(i, 1); }
    state.melds = melds;
    state.concealed = loose;
    state.win = win;
    drawPicked();
  }

  // a tile's picture (a wild one marked), or the text typed when it names no tile (the
  // scorer says why)
  function picture(t) {
    if (ORDER[bare(t)] === undefined) return el('span', { class: 'unknown', title: 'not a tile' }, `${t}?`);
    const img = tileImage(t, { class: 'tile small', alt: '' });
    if (t === bare(t)) return img;
    const word = readsField('fortune') ? 'fortune' : 'wild';
    return el('span', { class: `${word}-tile wild-tile` }, img, el('span', { class: `${word}-mark`, 'aria-hidden': 'true' }, `★ ${word}`));
  }
  // a tile named in words, a wild one said so: "4 of bamboos (a fortune)"
  function named(t) {
    if (t === bare(t)) return tileWords(t);
    return `${tileWords(t)} (${readsField('fortune') ? 'a fortune' : 'wild'})`;
  }

  function sync() {
    text.value = handText();
    drawPicked();
  }

  function drawPicked() {
    picked.innerHTML = '';
    state.melds.forEach((m, i) => {
      const body = tiles(m.replace(/^[[{]|[\]}]$/g, ''));
      picked.append(el('button', { type: 'button', class: 'group' + (m.startsWith('{') ? ' concealed' : ''),
        'aria-label': `take out the ${m.startsWith('{') ? 'concealed' : 'exposed'} meld ${body.map(named).join(', ')}`,
        onclick: () => { state.melds.splice(i, 1); sync(); } }, body.map(picture)));
    });
    [...state.concealed].sort((a, b) => (ORDER[bare(a)] ?? 99) - (ORDER[bare(b)] ?? 99)).forEach((t) => {
      picked.append(el('button', { type: 'button', 'aria-label': `take out the ${named(t)}`, 'data-tile': t,
        onclick: () => { state.concealed.splice(state.concealed.indexOf(t), 1); sync(); } }, picture(t)));
    });
    if (state.win) {
      picked.append(el('button', { type: 'button', class: 'win-tile', id: 'picked-win',
        'aria-label': `the winning tile, ${named(state.win)}: take it out`,
        onclick: () => { state.win = null; sync(); } }, picture(state.win)));
    }
    const count = state.concealed.length + (state.win ? 1 : 0) + state.melds.length * 3;
    picked.setAttribute('data-count', String(count));
  }

  function situation() {
    const sit = { rules: rules.value, hand: text.value.trim(), win_tile: state.win || '',
      seat_wind: seat.value, round_wind: round.value };
    if (readsField('gold')) sit.gold = gold.value;
    if (readsField('fortune')) sit.fortune = fortune.value || null;
    if (readsField('banker')) sit.banker = banker.value;
    for (const [key, , least] of COUNTS) {
      if (!readsField(key)) continue;
      const n = Number.parseInt(counts[key].value, 10);
      sit[key] = Number.isNaN(n) ? least : n;
    }
    for (const [key, box] of Object.entries(flagBoxes)) if (box.checked) sit[key] = true;
    if (state.bonus.size) sit.bonus = BONUS.filter((t) => state.bonus.has(t)).join(' ');
    // on a discard: the discarder chosen, or the winner's left (the seat before)
    const left = WINDS[(WINDS.findIndex(([w]) => w === seat.value) + 3) % 4][0];
    if (!sit.self_drawn) sit.discarder = discarder.value || left;
    const opts = {};
    for (const input of options.querySelectorAll('select, input')) {
      let value;
      if (input.type === 'checkbox') value = input.checked;
      else { try { value = JSON.parse(input.value); } catch { value = input.value; } }
      if (JSON.stringify(value) !== input.dataset.default) opts[input.name] = value;
    }
    if (Object.keys(opts).length) sit.options = opts;
    // only the fields the rule system's scorer reads (its situation fields)
    const system = info.systems.find((s) => s.name === rules.value);
    const reads = new Set(['rules', 'options', ...((system && system.situation) || [])]);
    for (const key of Object.keys(sit)) if (!reads.has(key)) delete sit[key];
    return sit;
  }

  async function score() {
    out.innerHTML = '';
    if (!state.win) {
      out.append(el('p', { class: 'error', role: 'alert' }, 'Choose the winning tile: pick "the winning tile" above, then click it.'));
      return;
    }
    const reply = await fetch('/api/score', { method: 'POST', headers: { 'content-type': 'application/json' },
      body: JSON.stringify(situation()) });
    out.innerHTML = '';
    let body;
    try { body = await reply.json(); } catch { body = { detail: `the server answered ${reply.status}` }; }
    if (!reply.ok) { out.append(el('p', { class: 'error', role: 'alert' }, body.detail)); return; }
    out.append(el('p', { id: 'verdict', class: body.valid ? 'valid' : 'error' },
      body.valid ? `A winning hand: ${body.total} points` : `Not a valid win: ${body.reason} (${body.total} points)`));
    const table = el('table', { class: 'breakdown', id: 'calc-breakdown' },
      el('caption', {}, 'The score, line by line'),
      el('tr', {}, el('th', { scope: 'col' }, 'pattern'), el('th', { scope: 'col' }, 'value'),
        el('th', { scope: 'col' }, 'count'), el('th', { scope: 'col' }, 'points')));
    for (const p of body.patterns) table.append(patternRow(p));
    table.append(el('tr', { class: 'total' }, el('td', {}, 'total'), el('td', {}), el('td', {}), el('td', { class: 'points' }, body.total)));
    const pays = el('ul', { class: 'payments', id: 'calc-payments' },
      Object.entries(body.payments || {}).map(([w, v]) => el('li', {}, `${w}: ${v > 0 ? '+' : ''}${v}`)));
    out.append(table, el('ul', { class: 'explain' }, body.explain.map((line) => el('li', {}, line))),
      Object.keys(body.payments || {}).length ? el('h3', {}, 'Payments') : null, pays);
  }

  function clear() {
    state.concealed = []; state.melds = []; state.win = null;
    out.innerHTML = '';
    sync();
  }

  root.append(
    el('p', {}, el('label', { for: 'calc-rules' }, 'Rule system ', rules)), rulesTitle, options, goldRow, fortuneRow,
    bankerRow, ...countRows,
    modes, palette, message, picked,
    el('p', {}, el('label', { for: 'hand-text' }, 'Hand in notation '), text, ' ',
      el('button', { type: 'button', id: 'clear', onclick: clear }, 'Clear')),
    el('h2', {}, 'Flowers and seasons'), bonus,
    flags,
    el('p', { class: 'flags' }, el('label', {}, 'Seat wind ', seat), el('label', {}, 'Prevailing wind ', round),
      el('label', {}, 'Won on the discard of ', discarder)),
    el('button', { type: 'button', id: 'score', onclick: score }, 'Score'), out);
}
