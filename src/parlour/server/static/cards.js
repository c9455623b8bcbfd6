// The card-table renderer: Piquet and Ninety-Nine (the "cards" family).
// It knows the games only through the state messages: the seat's observation, its legal
// actions as text, the events it may see, the last deal's result and the match's end.
// Cards are pictures (/cards/AS.svg, /cards/back.svg) named in words for screen readers;
// the other players' hands are rows of backs (their number only), the talon a stack,
// the trick in the middle with who played each card, your hand fanned at the bottom.
import { el } from '/static/mahjong.js';

export const SUITS = { S: ['♠', 'spades', 'black'], H: ['♥', 'hearts', 'red'], D: ['♦', 'diamonds', 'red'], C: ['♣', 'clubs', 'black'] };
const RANKS = { A: 'ace', K: 'king', Q: 'queen', J: 'jack', 10: 'ten', 9: 'nine', 8: 'eight', 7: 'seven', 6: 'six' };
// Ninety-Nine: what each suit laid aside counts towards a bid (rules.BID_VALUES)
export const BID_VALUES = { C: 3, H: 2, S: 1, D: 0 };
const CATEGORY_WORDS = { point: 'Point', sequence: 'Sequence', set: 'Sets', carte_blanche: 'Carte blanche', trick: 'Tricks', cards: 'The cards' };
const PHASE_WORDS = {
  choose: 'choosing elder or younger', exchange: 'the exchange', talon: 'the talon', declare: 'declarations',
  answer: 'declarations', claim: 'declarations', play: 'the play', over: 'the deal is over', bid: 'bidding', premium: 'premium bids',
};

export function split(cards) {
  if (!cards) return [];
  return Array.isArray(cards) ? cards : String(cards).split(/\s+/).filter(Boolean);
}

// "QH" -> "queen of hearts"
export function cardWords(card) {
  const suit = SUITS[card.slice(-1)];
  return suit ? `${RANKS[card.slice(0, -1)] || card.slice(0, -1)} of ${suit[1]}` : card;
}

// "QH" -> "Queen of hearts"
export function cardName(card) {
  const words = cardWords(card);
  return words.charAt(0).toUpperCase() + words.slice(1);
}

// "QH" -> "Q♥"
export function cardText(card) {
  const suit = SUITS[card.slice(-1)];
  return suit ? card.slice(0, -1) + suit[0] : card;
}

export function cardsText(cards) {
  const list = split(cards);
  return list.length ? list.map(cardText).join(' ') : '–';
}

// "1 card", "8 cards"
export function count(n, word) {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

function capital(text) {
  return text ? text.charAt(0).toUpperCase() + text.slice(1) : text;
}

// a card's picture, named in words
export function cardImage(card, extra = {}) {
  const name = cardName(card);
  return el('img', { src: `/cards/${encodeURIComponent(card)}.svg`, alt: name, title: name, class: 'playing-card', draggable: 'false', ...extra });
}

// a card's back: the picture says nothing, the row around it says how many
export function cardBack(extra = {}) {
  return el('img', { src: '/cards/back.svg', alt: '', class: 'playing-card back', draggable: 'false', ...extra });
}

// a hidden hand: a row of backs, its size in words
export function backs(n, label) {
  return el('div', { class: 'card-backs', role: 'img', 'aria-label': label, 'data-count': String(n) },
    Array.from({ length: n }, () => cardBack({ 'aria-hidden': 'true' })));
}

// cards face up in a row (the trick history, bid cards, a shown hand)
export function cardRow(cards, cls = 'card-row') {
  return el('span', { class: cls }, split(cards).map((c) => cardImage(c, { class: 'playing-card small' })));
}

// Ninety-Nine: the bid three cards laid aside make (the sum of their suits' values)
export function bidValue(cards) {
  return split(cards).reduce((n, c) => n + (BID_VALUES[c.slice(-1)] ?? 0), 0);
}

// Piquet: a declaration as spoken, in the game's words ("Point of five", "Good", "Making forty-nine")
export function declarationWords(d, i, all, pointRule = 'count') {
  const says = d.says || '';
  if (d.category === 'point' && !/^(good|not good|equal)$/.test(says)) {
    const before = all.slice(0, i).filter((x) => x.category === 'point' && x.seat === d.seat).length;
    if (pointRule === 'value') return `Point of ${says}`;
    return before ? `Making ${says}` : `Point of ${says}`;
  }
  return capital(says);
}

// Piquet: the declarations grouped by category, each line "who: what he said"
export function dialogue(declarations, scored, name, pointRule, claims = []) {
  const list = declarations || [];
  const box = el('div', { class: 'dialogue', role: 'group', 'aria-label': 'declarations' });
  for (const category of ['point', 'sequence', 'set']) {
    const lines = list.map((d, i) => [d, i]).filter(([d]) => d.category === category);
    const claimed = (claims || []).filter((c) => c.category === category);
    if (!lines.length && !claimed.length) continue;
    box.append(el('h3', {}, CATEGORY_WORDS[category]),
      el('ul', { class: 'said', 'data-category': category },
        lines.map(([d, i]) => el('li', { 'data-seat': d.seat }, el('span', { class: 'who' }, `${name(d.seat)}: `),
          el('q', {}, declarationWords(d, i, list, pointRule)))),
        claimed.map((c) => el('li', { 'data-seat': c.seat, class: 'claim' }, el('span', { class: 'who' }, `${name(c.seat)}: `),
          el('q', {}, capital(c.says)), ' (claimed at the first trick)'))));
  }
  if ((scored || []).length) {
    box.append(el('h3', {}, 'Scored'), el('ul', { class: 'scored' },
      scored.map((s) => el('li', { 'data-seat': s.seat },
        `${name(s.seat)} scores ${s.points} for ${(s.combinations || []).join(', ') || (s.categories || []).join(', ')}`
        + ` (says “${s.says}”)`))));
  }
  return box;
}

// Piquet: the end of a deal's ledger summed up, in the canonical order: carte blanche,
// declarations, the trick points added up by player and kind, pique or repique where
// they fell, the cards or capot; one row each
const TRICK_POINTS = { lead: ['lead', 'leads'], win: ['trick won by following', 'tricks won by following'], 'last trick': ['last trick', 'last trick'] };
export function piquetLedger(lines, name) {
  const all = [];
  const tricks = new Map();
  for (const ln of lines || []) {
    const kind = TRICK_POINTS[ln.what];
    if (ln.step !== 'trick' || !kind) { all.push({ step: ln.step, who: ln.who, what: ln.what, points: ln.points }); continue; }
    const key = `${ln.who} ${ln.what}`;
    if (!tricks.has(key)) {
      const row = { step: 'trick', who: ln.who, what: '', points: 0, n: 0, kind };
      tricks.set(key, row);
      all.push(row);
    }
    const row = tricks.get(key);
    row.points += ln.points; row.n += 1;
    row.what = ln.what === 'last trick' ? 'the last trick' : `${row.n} ${row.n === 1 ? kind[0] : kind[1]}`;
  }
  // the trick points together, by player and kind (leads, tricks won by following, last trick)
  const first = all.findIndex((r) => r.kind);
  if (first >= 0) {
    const kinds = Object.keys(TRICK_POINTS).map((k) => TRICK_POINTS[k]);
    const grouped = all.filter((r) => r.kind).sort((a, b) => a.who - b.who || kinds.indexOf(a.kind) - kinds.indexOf(b.kind));
    const rest = all.filter((r) => !r.kind);
    rest.splice(first, 0, ...grouped);
    all.splice(0, all.length, ...rest);
  }
  const table = el('table', { class: 'ledger' },
    el('caption', {}, 'How the deal scored'),
    el('thead', {}, el('tr', {}, el('th', { scope: 'col' }, 'for'), el('th', { scope: 'col' }, 'who'),
      el('th', { scope: 'col' }, 'what'), el('th', { scope: 'col', class: 'num' }, 'points'))));
  const body = el('tbody', {});
  if (!all.length) body.append(el('tr', {}, el('td', { colspan: 4 }, 'nothing scored')));
  for (const r of all) {
    body.append(el('tr', { 'data-step': r.step, 'data-seat': r.who },
      el('td', {}, CATEGORY_WORDS[r.step] || r.step), el('td', {}, name(r.who)), el('td', {}, r.what),
      el('td', { class: 'num' }, String(r.points))));
  }
  table.append(body);
  return table;
}

// the tricks of a deal, each with who led, the cards and who took it
export function trickList(tricks, name) {
  return el('ol', { class: 'trick-history', 'aria-label': 'tricks' },
    tricks.map((t, i) => el('li', { 'data-winner': t.winner },
      el('span', { class: 'trick-number' }, `Trick ${t.number ?? i + 1}`),
      t.cards ? cardRow(t.cards) : null,
      el('span', { class: 'taker' }, `taken by ${name(t.winner)}`))));
}

// scores over the deals: a bar per player after one deal, a line per player after more
export function scoreChart(history, names) {
  const box = el('figure', { class: 'match-chart' });
  const hist = history || [];
  if (!hist.length) return box;
  const totals = [];
  const run = hist[0].map(() => 0);
  for (const row of hist) { row.forEach((v, p) => { run[p] += v; }); totals.push([...run]); }
  const svgNS = 'http://www.w3.org/2000/svg';
  const make = (tag, attrs) => {
    const node = document.createElementNS(svgNS, tag);
    for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, String(v));
    return node;
  };
  const flat = totals.flat();
  const lo = Math.min(0, ...flat), hi = Math.max(1, ...flat);
  const y = (v) => 150 - (130 * (v - lo)) / (hi - lo || 1);
  const svg = make('svg', { viewBox: '0 0 320 170', role: 'img', class: 'chart' });
  const fills = ['#14508c', '#b5651d', '#2e7d32', '#6a1b9a'];
  const last = totals.at(-1);
  svg.setAttribute('aria-label', `scores after ${count(hist.length, 'deal')}: `
    + last.map((v, p) => `${names[p] ?? 'player ' + (p + 1)} ${v}`).join(', '));
  svg.append(make('line', { x1: 10, x2: 310, y1: y(0), y2: y(0), stroke: '#999' }));
  if (hist.length === 1) {
    const w = 240 / last.length;
    last.forEach((v, p) => {
      const x = 40 + p * w;
      svg.append(make('rect', { x: x + w * 0.15, width: w * 0.7, y: Math.min(y(v), y(0)), height: Math.max(1, Math.abs(y(v) - y(0))),
        fill: fills[p % 4], 'fill-opacity': 0.35 + 0.2 * (p % 3), stroke: '#222', 'data-player': p }));
      const label = make('text', { x: x + w / 2, y: 165, 'text-anchor': 'middle', 'font-size': 11 });
      label.textContent = `${names[p] ?? p + 1}: ${v}`;
      svg.append(label);
    });
  } else {
    const x = (i) => 10 + (300 * i) / (totals.length - 1);
    const dashes = ['', '6 3', '2 3', '8 3 2 3'];
    last.forEach((_, p) => {
      svg.append(make('polyline', { points: totals.map((row, i) => `${x(i)},${y(row[p])}`).join(' '), fill: 'none',
        stroke: fills[p % 4], 'stroke-width': 2, 'stroke-dasharray': dashes[p % 4], 'data-player': p }));
    });
  }
  const legend = el('ul', { class: 'legend' }, last.map((v, p) => el('li', {},
    el('span', { class: 'swatch', style: `background:${fills[p % 4]}` }),
    `${hist.length === 1 ? ['first', 'second', 'third', 'fourth'][p] + ' bar' : ['solid', 'dashed', 'dotted', 'dash-dot'][p % 4] + ' line'}: ${names[p] ?? 'player ' + (p + 1)}, ${v}`)));
  box.append(svg, el('figcaption', {}, `Scores after ${count(hist.length, 'deal')}`, legend));
  return box;
}

// the end of a deal: Ninety-Nine's bids against the tricks taken, Piquet's points line by
// line with the declarations and every trick's taker
export function dealBreakdown(last, name, pointRule = 'count') {
  const r = last.result;
  const box = el('div', { class: 'deal-breakdown', 'data-deal': last.number });
  if (r.kind === 'deal_end') {
    const table = el('table', { class: 'deal-scores' },
      el('thead', {}, el('tr', {}, ...['player', 'bid', 'laid aside', 'took', 'scores', 'total']
        .map((h) => el('th', { scope: 'col', class: h === 'total' ? 'total-col' : undefined }, h)))),
      el('tbody', {}, r.bids.map((b, s) => el('tr', { 'data-seat': s },
        el('th', { scope: 'row' }, name(s)), el('td', { 'data-label': 'bid' }, count(b, 'trick')),
        el('td', { 'data-label': 'laid aside' }, cardRow(r.bid_cards?.[s])),
        el('td', { class: r.succeeded[s] ? 'made' : 'missed', 'data-label': 'took' }, `${r.tricks[s]}, ${r.succeeded[s] ? 'made it' : 'missed'}`),
        el('td', { class: 'num', 'data-label': 'scores' }, String(r.scores[s])),
        el('td', { class: 'num total-col', 'data-label': 'total' }, String(r.totals?.[s] ?? ''))))));
    box.append(el('div', { class: 'table-scroll' }, table));
    if (r.premium) {
      const [holder, kind] = r.premium;
      box.append(el('p', { class: 'premium' }, `Premium: ${name(holder)} ${kind === 'reveal' ? 'revealed' : 'declared'} and ${r.succeeded[holder] ? 'made the bid' : 'missed the bid'}`));
    }
    box.append(el('p', {}, `${r.successes === 1 ? '1 player' : `${r.successes} players`} made their bid exactly · next trumps: ${SUITS[r.next_trumps]?.[0]} ${SUITS[r.next_trumps]?.[1]}`));
    return box;
  }
  box.append(el('ul', { class: 'deal-scores' }, r.points.map((p, s) => el('li', { 'data-seat': s }, `${name(s)}: ${p} this deal, game total ${r.scores[s]}`))));
  const tricks = r.tricks || [];
  const ended = r.ended === 'declarations' ? 'the game was won during the declarations' : `tricks: ${tricks.map((t, s) => `${name(s)} ${t}`).join(', ')}`;
  box.append(el('p', { class: 'tricks-summary' }, capital(ended)));
  if (r.bonus) box.append(el('p', { class: 'bonus' }, `${capital(r.bonus.name)}: ${name(r.bonus.seat)}`));
  if ((r.carte_blanche || []).length) box.append(el('p', {}, `Carte blanche: ${r.carte_blanche.map(name).join(', ')}`));
  if (r.lines) box.append(piquetLedger(r.lines, name));
  if ((r.declarations || []).length || (r.scored || []).length) {
    box.append(el('details', { class: 'said-details', open: true }, el('summary', {}, 'Declarations'),
      dialogue(r.declarations, r.scored, name, pointRule, r.claims)));
  }
  if ((r.tricks_taken || []).length) {
    const narrow = typeof window !== 'undefined' && window.matchMedia?.('(max-width: 40rem)').matches;
    box.append(el('details', { class: 'tricks-details', open: !narrow }, el('summary', {}, 'Tricks, one by one'), trickList(r.tricks_taken, name)));
  }
  return box;
}


function sameCards(a, b) {
  return a.length === b.length && [...a].sort().join(' ') === [...b].sort().join(' ');
}

export class CardsView {
  constructor(root, client) {
    this.root = root;
    this.client = client;
    this.picked = [];       // Ninety-Nine: the cards picked for a bid
    this.dismissed = 0;     // the last deal whose result was put away
    root.innerHTML = '';
    root.classList.add('card-table');
    this.status = el('p', { class: 'status', role: 'status' });
    this.errorBox = el('div', { class: 'error-box', role: 'alert', hidden: true });
    this.result = el('section', { class: 'result', hidden: true, 'aria-label': 'end of the deal', tabindex: '-1' });
    this.board = el('div', { class: 'card-board' });
    this.logBox = el('ol', { class: 'events', 'aria-label': 'what happened' });
    root.append(this.status, this.errorBox, this.result, this.board,
      el('details', { class: 'log' }, el('summary', {}, 'Events'), this.logBox));
  }

  connected(on) {
    this.root.dataset.connected = on ? 'yes' : 'no';
    if (on) this.logBox.innerHTML = '';  // the server sends the deal's events again
    else this.status.textContent = 'Connection lost: reconnecting…';
  }

  error(message) {
    if (this.isBusy && this.state) this.draw();
    const game = this.client.game;
    this.errorBox.innerHTML = '';
    this.errorBox.hidden = false;
    this.errorBox.append(el('p', { class: 'error' }, message),
      el('p', { class: 'report' }, 'If this looks wrong: ',
        el('button', { type: 'button', class: 'copy-log', onclick: () => navigator.clipboard?.writeText(this.client.log()) }, 'Copy the game log'), ' ',
        el('a', { href: `/api/tables/${game}/record`, download: `parlour-${game}.json` }, 'the game record'),
        ' (given once the game is over) ',
        el('button', { type: 'button', 'aria-label': 'dismiss the message', onclick: () => { this.errorBox.hidden = true; } }, '×')));
  }

  busy(on) {
    this.isBusy = on;
    if (on) this.root.dataset.busy = 'yes';
    else delete this.root.dataset.busy;
    if (on) for (const b of this.board.querySelectorAll('button')) b.setAttribute('aria-disabled', 'true');
  }

  help(message) { if (message.why) this.error(message.why); }

  autoSaved() {}

  render(state) {
    const fresh = !this.state || this.state.hand !== state.hand;
    if (fresh) this.picked = [];
    this.state = state;
    this.isBusy = false;
    delete this.root.dataset.busy;
    for (const e of state.events || []) {
      const words = this.narrate(e);
      if (words) this.logBox.append(el('li', {}, words));
    }
    this.draw();
  }

  names() {
    return (this.state.observation.match?.players || []).map((p) => p.name);
  }

  name(seat) {
    const me = this.state.player;
    const n = this.names()[seat] ?? `seat ${seat}`;
    return seat === me ? `${n} (you)` : n;
  }

  legal() { return this.state.observation.legal || []; }

  send(text) {
    if (this.isBusy) return;
    this.client.act(text);
  }

  // the seats still to act, as far as this seat may know
  waitingFor(obs) {
    const n = this.names().length;
    const me = this.state.player;
    if (obs.rules === 'piquet') {
      if (obs.phase === 'over') return [];
      if (obs.hand_number === undefined) return [obs.chooser];
      if (me === null) return [];
      return this.legal().length ? [me] : [1 - me];
    }
    if (obs.phase === 'play' && obs.turn !== null && obs.turn !== undefined) return [obs.turn];
    if (obs.phase === 'bid') return Array.from({ length: n }, (_, s) => s).filter((s) => !obs.has_bid?.[s]);
    return [];
  }

  draw() {
    const { state } = this;
    const obs = state.observation;
    const legal = this.legal();
    const game = obs.rules === 'piquet' ? 'Piquet' : 'Ninety-Nine';
    const last = state.last_hand;
    if (!state.match_over && state.between_hands && last && this.dismissed < last.number) {
      // the finished deal stays in view (the table as it was, its breakdown, every
      // trick) until you go on: the next deal, already dealt, is not shown under it
      this.status.textContent = `${game} · deal ${last.number} is over · the next deal starts when everyone goes on`;
      this.board.inert = true;  // the table as it was: nothing on it answers now
      this.root.dataset.phase = 'over';
      this.root.dataset.asked = 'no';
      this.drawResult();
      return;
    }
    this.board.inert = false;
    this.board.innerHTML = '';
    const waiting = this.waitingFor(obs).filter((s) => s !== state.player).map((s) => this.names()[s] ?? `seat ${s}`);
    const ask = state.match_over ? 'the game is over'
      : state.answered ? 'your answer is in: waiting for the others'
        : legal.length ? 'your turn'
          : waiting.length ? `waiting for ${waiting.join(', ')}` : 'waiting for the others';
    this.status.textContent = `${game} · deal ${state.hand} · ${PHASE_WORDS[obs.phase] || obs.phase} · ${ask}`;
    this.root.dataset.phase = obs.phase;
    this.root.dataset.asked = legal.length ? 'yes' : 'no';
    this.root.dataset.rules = obs.rules;
    this.root.dataset.seatRole = obs.role || '';
    const felt = el('div', { class: 'felt', 'data-players': String(this.names().length) });
    const info = obs.rules === 'piquet' ? this.piquet(obs) : this.ninetyNine(obs);
    felt.append(this.opponents(obs), this.middle(obs));
    if (state.player !== null) felt.append(this.hand(obs));
    const actions = state.player !== null ? this.actions(obs) : null;
    this.board.append(felt);
    if (actions) this.board.append(actions);
    this.board.append(el('div', { class: 'side' }, this.scores(obs), info));
    this.drawResult();
  }

  // the other seats, in playing order from this seat's left: name, what is public, backs
  opponents(obs) {
    const n = this.names().length;
    const me = this.state.player;
    const from = me === null ? 0 : me + 1;
    const seats = [];
    for (let i = 0; i < n; i += 1) {
      const s = (from + i) % n;
      if (s !== me) seats.push(s);
    }
    const box = el('div', { class: 'opponents' });
    const turn = this.waitingFor(obs);
    for (const s of seats) {
      const size = obs.hand_sizes?.[s] ?? 0;
      const tags = [];
      if (obs.dealer === s) tags.push('dealer');
      if (obs.rules === 'piquet' && obs.elder !== undefined) tags.push(obs.elder === s ? 'elder' : 'younger');
      if (obs.rules !== 'piquet' && obs.premium?.holder === s) tags.push(`${obs.premium.kind}s`);
      const shown = obs.rules === 'piquet' ? obs.shown?.[s] : obs.shown_hands?.[s];
      const seat = el('section', { class: `opponent${turn.includes(s) && !this.state.match_over ? ' to-act' : ''}`, 'data-seat': s,
        'aria-label': this.names()[s] ?? `seat ${s}` },
      el('h2', {}, this.name(s), tags.length ? el('span', { class: 'tags' }, ` · ${tags.join(' · ')}`) : null,
        turn.includes(s) && !this.state.match_over ? el('span', { class: 'turn-mark' }, ' ▶ to act') : null),
      el('p', { class: 'count' }, `${count(size, 'card')} in hand`, this.tally(obs, s)));
      if (shown && split(shown).length) {
        seat.append(el('p', { class: 'note' }, obs.rules === 'piquet' ? 'Shows carte blanche:' : 'Plays face up:'), cardRow(shown, 'card-row shown'));
      } else {
        seat.append(backs(size, `${this.names()[s] ?? 'seat ' + s}: ${count(size, 'card')} face down`));
      }
      box.append(seat);
    }
    return box;
  }

  // a seat's tricks against its bid (Ninety-Nine) or its tricks (Piquet), in words
  tally(obs, s) {
    const won = obs.tricks_won?.[s] ?? 0;
    if (obs.rules === 'piquet') return obs.phase === 'play' || won ? ` · ${count(won, 'trick')}` : '';
    const bid = this.knownBid(obs, s);
    if (obs.phase === 'bid' && !obs.has_bid?.[s]) return ' · to bid';
    if (bid === null) return obs.has_bid?.[s] ? ` · bid hidden, took ${won}` : '';
    return ` · bid ${bid}, took ${won}`;
  }

  knownBid(obs, s) {
    if (s === obs.seat && obs.bid !== null && obs.bid !== undefined) return obs.bid;
    const shown = obs.shown_bid_cards?.[s];
    return shown ? bidValue(shown) : null;
  }

  // the middle of the table: the talon or the trumps, the trick being played, the last trick
  middle(obs) {
    const box = el('section', { class: 'middle', 'aria-label': 'the table' });
    if (obs.rules === 'piquet') {
      if (obs.hand_number !== undefined) {
        const talon = obs.talon ?? 0;
        box.append(el('div', { class: 'talon', 'data-count': String(talon) },
          talon ? el('div', { class: 'stack', 'aria-hidden': 'true', style: `--depth:${Math.min(talon, 8)}` }, cardBack()) : null,
          el('p', {}, `Talon: ${count(talon, 'card')}`)));
      }
    } else if (obs.trumps) {
      const suit = SUITS[obs.trumps];
      box.append(el('div', { class: 'trumps' }, el('span', { class: `suit-sign ${suit[2]}`, 'aria-hidden': 'true' }, suit[0]),
        el('p', {}, 'Trumps: ', el('strong', {}, suit[1]))));
    }
    const cards = obs.trick || [];
    const trick = el('div', { class: 'trick', role: 'group', 'aria-label': 'the trick' });
    if (cards.length) {
      for (const t of cards) {
        trick.append(el('figure', { class: 'played', 'data-seat': t.seat }, cardImage(t.card),
          el('figcaption', {}, this.name(t.seat))));
      }
    } else {
      trick.append(el('p', { class: 'note' }, obs.phase === 'play' ? 'No card played to this trick yet' : ''));
    }
    box.append(trick);
    const last = (obs.tricks || []).at(-1);
    if (last && obs.phase === 'play') {
      box.append(el('p', { class: 'last-trick' }, 'Last trick: ', cardRow(last.cards), ` taken by ${this.name(last.winner)}`));
    }
    return box;
  }

  scores(obs) {
    const piquet = obs.rules === 'piquet';
    const heads = piquet ? ['player', 'game', 'this deal', 'tricks'] : ['player', 'total', 'bid', 'took'];
    const rows = this.names().map((n, s) => {
      const won = String(obs.tricks_won?.[s] ?? 0);
      let cells;
      if (piquet) cells = [obs.scores?.[s] ?? 0, obs.hand_points?.[s] ?? 0, won];
      else {
        const bid = this.knownBid(obs, s);
        const said = bid !== null ? count(bid, 'trick') : obs.has_bid?.[s] ? 'hidden' : '–';
        cells = [obs.totals?.[s] ?? 0, said, won];
      }
      return el('tr', { 'data-seat': s }, el('th', { scope: 'row' }, this.name(s)),
        cells.map((c, i) => el('td', { class: i === 0 ? 'total' : '' }, String(c))));
    });
    return el('table', { class: 'card-scores', 'aria-label': 'scores' },
      el('thead', {}, el('tr', {}, heads.map((h) => el('th', { scope: 'col' }, h)))),
      el('tbody', {}, rows));
  }

  ninetyNine(obs) {
    const box = el('section', { class: 'panel game-state', 'aria-label': 'the deal' });
    box.append(el('p', {}, `Game ${obs.game_number}, deal ${obs.deal} · dealer ${this.name(obs.dealer)}`));
    if (obs.bid !== null && obs.bid !== undefined) {
      box.append(el('p', { class: 'my-bid' }, `Your bid: ${count(obs.bid, 'trick')} (laid aside `, cardRow(obs.bid_cards), ')'));
    }
    if (obs.phase === 'bid') {
      box.append(el('p', { class: 'note' }, 'Each suit laid aside bids: clubs 3, hearts 2, spades 1, diamonds 0 tricks.'));
    }
    if (obs.phase === 'premium') {
      const mine = obs.offers?.[obs.seat];
      box.append(el('p', { class: 'note' }, mine ? `Your premium answer: ${mine}` : 'Premium bids: declare (your bid cards shown, +30 if made) or reveal (your hand face up, +60).'));
    }
    if (obs.premium) {
      const h = obs.premium.holder;
      const who = h === obs.seat ? `You ${obs.premium.kind}` : `${this.name(h)} ${obs.premium.kind}s`;
      box.append(el('p', { class: 'premium' }, `${who}: ${h === obs.seat ? 'bid' : 'bids'} ${count(bidValue(obs.shown_bid_cards[h]), 'trick')} with `,
        cardRow(obs.shown_bid_cards[h])));
    } else if (obs.phase === 'play' && (obs.offers || []).every((o) => o !== null)) {
      box.append(el('p', { class: 'note' }, 'No premium bid this deal.'));
    }
    const tricks = obs.tricks || [];
    if (tricks.length) {
      box.append(el('details', { class: 'history' }, el('summary', {}, `Tricks played: ${tricks.length}`), trickList(tricks, (s) => this.name(s))));
    }
    return box;
  }

  piquet(obs) {
    const box = el('section', { class: 'panel game-state', 'aria-label': 'the deal' });
    if (obs.hand_number === undefined) {
      box.append(el('p', {}, `Game ${obs.game_number}: ${this.name(obs.chooser)} chooses to be elder or younger`));
      return box;
    }
    const role = obs.role ? ` · you are ${obs.role}` : '';
    box.append(el('p', {}, `Game ${obs.game_number}, deal ${obs.hand_number} · dealer ${this.name(obs.dealer)} · elder ${this.name(obs.elder)}${role}`));
    if (obs.announced !== null && obs.announced !== undefined) box.append(el('p', {}, `Elder exchanges ${count(obs.announced, 'card')}`));
    const counts = obs.discard_counts || [];
    if (counts.some(Boolean)) {
      box.append(el('p', {}, 'Exchanged: ', counts.map((c, s) => (c ? `${this.name(s)} ${count(c, 'card')}` : null)).filter(Boolean).join(', ')));
    }
    if (split(obs.peek).length) box.append(el('p', {}, 'You saw in the talon: ', cardRow(obs.peek)));
    if (obs.leftover) box.append(el('p', {}, 'Talon left over: ', cardRow(obs.leftover)));
    if (obs.discards && split(obs.discards).length) box.append(el('p', {}, 'Your discards: ', cardRow(obs.discards)));
    if ((obs.carte_blanche || []).length) box.append(el('p', {}, `Carte blanche: ${obs.carte_blanche.map((s) => this.name(s)).join(', ')}`));
    if (obs.lead_suit) box.append(el('p', {}, `First lead named: ${SUITS[obs.lead_suit][0]} ${SUITS[obs.lead_suit][1]}`));
    if ((obs.declarations || []).length || (obs.scored || []).length) {
      box.append(dialogue(obs.declarations, obs.scored, (s) => this.name(s), obs.point_rule, obs.claims));
    }
    const winners = obs.trick_winners || [];
    if (winners.length) {
      const tricks = obs.tricks || [];
      const full = tricks.length === winners.length;
      box.append(el('h3', {}, 'Tricks'),
        full ? trickList(tricks, (s) => this.name(s))
          : el('ol', { class: 'trick-history', 'aria-label': 'tricks' },
            winners.map((w, i) => el('li', { 'data-winner': w }, el('span', { class: 'trick-number' }, `Trick ${i + 1}`),
              i === winners.length - 1 && tricks.length ? cardRow(tricks.at(-1).cards) : null,
              el('span', { class: 'taker' }, `taken by ${this.name(w)}`)))));
    }
    return box;
  }

  hand(obs) {
    const legal = this.legal();
    const cards = split(obs.hand);
    const bidding = legal.some((a) => a.startsWith('bid '));
    const box = el('section', { class: 'my-hand hand', 'aria-label': 'your hand' });
    const me = this.state.player;
    const tags = [];
    if (obs.dealer === me) tags.push('dealer');
    if (obs.role) tags.push(obs.role);
    const exchanging = legal.some((a) => /^(discard|keep) /.test(a));
    let title = `Your hand, ${this.name(me)}`;
    if (bidding) title = `Your hand: pick three cards to lay aside (${this.picked.length} picked)`;
    else if (exchanging) {
      const most = obs.role === 'elder' ? Math.min(obs.options?.elder_max_exchange ?? 5, obs.talon) : obs.talon;
      title = `Your hand: tap up to ${count(most, 'card')} to exchange (${split(obs.selected).length} marked)`;
    }
    box.append(el('h2', {}, title,
      tags.length ? el('span', { class: 'tags' }, ` · ${tags.join(' · ')}`) : null,
      el('span', { class: 'tally' }, this.tally(obs, me))));
    const choosing = bidding || legal.some((a) => /^(play|discard|keep) /.test(a));
    const row = el('div', { class: `fan${choosing ? ' choosing' : ''}`, role: 'group', 'aria-label': 'your cards', style: `--n:${Math.max(cards.length, 1)}` });
    const marked = split(obs.selected);
    for (const card of cards) {
      let action = null;
      for (const kind of ['play', 'discard', 'keep']) if (legal.includes(`${kind} ${card}`)) action = `${kind} ${card}`;
      const picked = this.picked.includes(card);
      const isMarked = marked.includes(card);
      const label = cardName(card) + (isMarked ? ', marked to exchange' : '') + (picked ? ', picked' : '')
        + (action ? ` (${action.split(' ')[0]})` : bidding ? ' (pick)' : '');
      const button = el('button', {
        type: 'button', class: `card-button${picked || isMarked ? ' picked' : ''}${action || bidding ? ' playable' : ''}`, 'data-card': card,
        'aria-label': label, 'aria-pressed': bidding ? String(picked) : undefined,
        'aria-disabled': action || bidding ? undefined : 'true',
        onclick: () => {
          if (bidding) { this.pick(card); return; }
          if (action) this.send(action);
        },
      }, cardImage(card, { alt: '' }));
      row.append(button);
    }
    if (!cards.length) row.append(el('p', { class: 'note' }, 'No cards in hand'));
    box.append(row);
    if (bidding) {
      const choice = legal.find((a) => sameCards(a.split(' ').slice(1), this.picked));
      const bid = bidValue(this.picked);
      box.append(el('button', { type: 'button', class: 'bid-button', 'data-action': choice || '', 'data-bid': choice ? String(bid) : '',
        'aria-disabled': choice ? undefined : 'true',
        onclick: () => { if (choice) this.send(choice); } },
      choice ? `Bid ${count(bid, 'trick')}: lay aside ${cardsText(this.picked)}` : `Bid (pick ${3 - this.picked.length} more)`));
    }
    return box;
  }

  pick(card) {
    if (this.picked.includes(card)) this.picked = this.picked.filter((c) => c !== card);
    else if (this.picked.length < 3) this.picked = [...this.picked, card];
    this.draw();
    this.board.querySelector(`.card-button[data-card="${card}"]`)?.focus();
  }

  // the actions that are not a card of the hand; nothing at all when there are none
  actions(obs) {
    const others = this.legal().filter((a) => !/^(bid|play|discard|keep) /.test(a));
    if (!others.length) return null;
    const box = el('section', { class: 'panel actions card-actions', 'aria-label': 'your actions' });
    box.append(el('h2', {}, this.actionsTitle(obs)));
    for (const a of others) {
      box.append(el('button', { type: 'button', 'data-action': a, onclick: () => this.send(a) }, this.actionWords(a, obs)));
    }
    return box;
  }

  actionsTitle(obs) {
    const category = obs.category ? CATEGORY_WORDS[obs.category] || obs.category : '';
    switch (obs.phase) {
      case 'exchange': return 'The exchange: mark cards in your hand, then';
      case 'talon': return 'The talon left over';
      case 'declare': return `${category}: declare`;
      case 'answer': return `${category}: answer elder`;
      case 'claim': return `${category}: claim what you held`;
      case 'premium': return 'Premium bid';
      case 'choose': return 'Choose';
      default: return 'Your move';
    }
  }

  actionWords(a, obs) {
    const [kind, arg] = a.split(' ');
    const words = {
      exchange: () => `Exchange ${count(split(obs.selected).length, 'card')}`,
      name_lead: () => `Name ${SUITS[arg]?.[1] || arg} for the first lead`,
      point: () => `Point in ${SUITS[arg]?.[1] || arg}`,
      sequence: () => `Sequence to the ${RANKS[arg.slice(0, -1)] || arg} of ${SUITS[arg.slice(-1)]?.[1] || ''}`,
      set: () => `Set of ${RANKS[arg] || arg}s`,
      none: () => (obs.phase === 'claim' ? 'Nothing to claim' : 'Nothing to declare'),
      good: () => 'Good',
      blank: () => 'Claim carte blanche',
      expose: () => 'Show the talon left over',
      pass: () => (obs.phase === 'premium' ? 'Pass (no premium)' : 'Pass'),
      declare: () => 'Declare (show your bid cards, +30)',
      reveal: () => 'Reveal (play with your hand face up, +60)',
      choose: () => `Be ${arg === '0' ? 'elder' : arg === '1' ? 'younger' : arg}`,
    };
    if (words[kind]) return words[kind]();
    if (arg && SUITS[arg.slice(-1)] && arg.length > 1) return `${capital(kind)} ${cardText(arg)}`;
    return capital(a.replace(/_/g, ' '));
  }

  drawResult() {
    const { state } = this;
    const last = state.last_hand;
    this.result.innerHTML = '';
    if (state.match_over) {
      const scores = state.results?.scores || [];
      const standings = state.results?.standings || scores.map((score, p) => ({ player: p, score, rank: 1 }));
      const piquet = state.observation.rules === 'piquet';
      const winner = standings.find((r) => r.rank === 1 && !standings.some((o) => o !== r && o.rank === 1));
      this.result.hidden = false;
      this.result.append(el('h2', {}, 'The game is over'),
        winner ? el('p', { class: 'winner' }, winner.player === state.player ? 'You win' : `${this.name(winner.player)} wins`) : null,
        el('table', { class: 'final card-scores' },
          el('thead', {}, el('tr', {}, ['', 'player', piquet ? 'games won' : 'points'].map((h) => el('th', { scope: 'col' }, h)))),
          el('tbody', {}, standings.map((r) => el('tr', { 'data-seat': r.player },
            el('td', {}, String(r.rank)), el('th', { scope: 'row' }, this.name(r.player)), el('td', { class: 'total' }, String(r.score)))))));
      if (last) this.result.append(this.dealBreakdown(last));
      this.result.append(scoreChart(state.score_history, this.names()),
        el('p', {}, el('a', { href: `/api/tables/${this.client.game}/record`, download: `parlour-${this.client.game}.json` }, 'The game record'),
          ' · ', el('a', { href: `/replay/${this.client.game}` }, 'Replay the game')));
      return;
    }
    if (!last || !state.between_hands || this.dismissed >= last.number) { this.result.hidden = true; return; }
    this.result.hidden = false;
    this.result.append(el('h2', {}, `Deal ${last.number} is over`), this.dealBreakdown(last),
      el('button', { type: 'button', class: 'next-hand', onclick: () => {
        this.dismissed = last.number; this.result.hidden = true; this.client.next(); this.draw(); } }, 'Next deal'));
  }

  dealBreakdown(last) {
    return dealBreakdown(last, (seat) => this.name(seat), this.state.observation.point_rule);
  }

  narrate(e) {
    return eventWords(e, (seat) => this.name(seat), true);
  }
}

// an event in words; ``own``: the seat's own table ("Your hand"), else a replay
export function eventWords(e, name, own = false) {
  const who = e.seat !== undefined && e.seat !== null ? name(e.seat) : '';
  switch (e.kind) {
    case 'game_start': return `Game ${e.game} begins`;
    case 'draw': return `Cut for the deal: ${cardsText(e.cards)}`;
    case 'choose': return `${who} chooses to be ${e.role}`;
    case 'deal': return `Deal ${e.deal ?? e.hand}: ${who} deals`;
    case 'hand': return own ? `Your hand: ${cardsText(e.cards)}` : `${who} is dealt ${cardsText(e.cards)}`;
    case 'bid': return `${who} lays three cards aside`;
    case 'bid_cards': return own ? `You bid ${count(e.bid, 'trick')} with ${cardsText(e.cards)}` : `${who} bids ${count(e.bid, 'trick')} with ${cardsText(e.cards)}`;
    case 'bid_cards_shown': return `${who} bids ${count(e.bid, 'trick')}: ${cardsText(e.cards)}`;
    case 'premium_offers': return 'Premium bids: declare, reveal or pass';
    case 'offer': return `${who}: ${e.offer}${e.void ? ' (too late: it counts as a pass)' : ''}`;
    case 'premium': return e.holder === null ? 'No premium bid' : `${name(e.holder)} makes the premium bid: ${e.bid}`;
    case 'hand_shown': return `${who} plays face up: ${cardsText(e.cards)}`;
    case 'play': return `${who} plays ${cardText(e.card)}`;
    case 'trick': return `${who} takes trick ${e.number}`;
    case 'say': return `${who}: “${capital(e.says)}”`;
    case 'score': return `${who} scores ${e.points}${(e.combinations || []).length ? ` (${e.combinations.join(', ')})` : ''}`;
    case 'bonus': return `${who}: ${e.name}, ${e.points}`;
    case 'discard': return `${who} marks ${cardText(e.card)} to exchange`;
    case 'keep': return `${who} keeps ${cardText(e.card)}`;
    case 'take': return own ? `You take ${cardsText(e.cards)}` : `${who} lays down ${cardsText(e.discarded)} and takes ${cardsText(e.cards)}`;
    case 'peek': return `${who} looks at the talon cards left: ${cardsText(e.cards)}`;
    case 'exchange': return `${who} exchanges ${count(e.count, 'card')}`;
    case 'announce': return `${who} will exchange ${count(e.count, 'card')}`;
    case 'carte_blanche': return `${who} claims carte blanche`;
    case 'show': return `${who} shows carte blanche: ${cardsText(e.cards)}`;
    case 'name_lead': return `${who} names ${SUITS[e.suit]?.[1]} for the first lead`;
    case 'leftover': return `The talon left over: ${cardsText(e.cards)}`;
    case 'deal_end': case 'hand_end': return 'The deal is over';
    case 'game_end': return `Game ${e.game ?? ''} won by ${who}`;
    case 'partie_end': return `The partie is over: ${who} wins`;
    default: return null;
  }
}

// -- the replay of a card game ---------------------------------------------------------

// the deal as it stands after ``steps`` (a replay's steps, every event visible: the game
// is over), folded event by event
export function replayState(steps) {
  const st = { rules: 'piquet', hands: [], talon: null, dealer: null, elder: null, trumps: null, trick: [], tricks: [],
    won: [], declarations: [], scored: [], bids: [], premium: null, shown: [], leftover: null, end: null, names: [], marked: [] };
  for (const step of steps) {
    if (step.seat !== null && step.seat !== undefined && step.name) st.names[step.seat] = step.name;
    for (const e of step.events || []) {
      const s = e.seat;
      if (st.end) continue;  // the next deal's first events close the last step: not this deal's
      const drop = (seat, cards) => { const out = split(cards); st.hands[seat] = (st.hands[seat] || []).filter((c) => !out.includes(c)); };
      switch (e.kind) {
        case 'deal':
          if (e.trumps) { st.rules = 'ninety-nine'; st.trumps = e.trumps; }
          st.dealer = s; st.elder = e.elder ?? null; st.talon = e.talon ?? null; st.trick = []; st.tricks = [];
          break;
        case 'hand': st.hands[s] = split(e.cards); break;
        case 'discard': st.marked[s] = split(e.selected); break;
        case 'keep': st.marked[s] = split(e.selected); break;
        case 'take': drop(s, e.discarded); st.hands[s] = [...st.hands[s], ...split(e.cards)]; st.marked[s] = []; break;
        case 'exchange': if (st.talon !== null) st.talon -= e.count; break;
        case 'leftover': st.leftover = split(e.cards); break;
        case 'bid_cards': drop(s, e.cards); st.bids[s] = { cards: split(e.cards), bid: e.bid }; break;
        case 'premium': st.premium = e.holder === null ? null : { holder: e.holder, kind: e.bid }; break;
        case 'hand_shown': case 'show': st.shown[s] = true; break;
        case 'say': st.declarations.push({ category: e.category, seat: s, says: e.says }); break;
        case 'score': st.scored.push({ seat: s, points: e.points, combinations: e.combinations, categories: e.categories, says: e.says }); break;
        case 'play': drop(s, [e.card]); st.trick.push({ seat: s, card: e.card }); break;
        case 'trick':
          st.tricks.push({ number: e.number, cards: e.cards, winner: s, played: st.trick });
          st.won[s] = (st.won[s] || 0) + 1; st.trick = [];
          break;
        case 'hand_end': case 'deal_end': st.end = e; break;
        default: break;
      }
    }
  }
  return st;
}

// one step of a card game's replay drawn like the table: every hand face up (the game
// is over), the talon or the trumps, the trick with who played each card, the
// declarations or the bids, the tricks so far, and what the move did in words
export function drawCardReplay(steps, move) {
  const upto = steps.slice(0, move + 1);
  const st = replayState(upto);
  const step = steps[move];
  const n = Math.max(st.hands.length, st.names.length, st.rules === 'piquet' ? 2 : 3);
  const name = (s) => st.names[s] || `seat ${s}`;
  const box = el('div', { class: 'card-replay', 'data-rules': st.rules });
  const felt = el('div', { class: 'felt' });
  const seats = el('div', { class: 'seats' });
  for (let s = 0; s < n; s += 1) {
    const tags = [];
    if (st.dealer === s) tags.push('dealer');
    if (st.rules === 'piquet' && st.elder !== null) tags.push(st.elder === s ? 'elder' : 'younger');
    if (st.premium?.holder === s) tags.push(`${st.premium.kind}s`);
    const won = st.won[s] || 0;
    const bid = st.bids[s];
    const tally = st.rules === 'piquet' ? count(won, 'trick') : bid ? `bid ${count(bid.bid, 'trick')}, took ${won}` : `took ${won}`;
    const hand = st.hands[s] || [];
    seats.append(el('section', { class: `replay-seat${step.seat === s ? ' current' : ''}`, 'data-seat': s, 'aria-label': name(s) },
      el('h3', {}, name(s), tags.length ? ` · ${tags.join(' · ')}` : '', ` · ${tally}`, step.seat === s ? ' ▶ moved' : ''),
      hand.length ? cardRow(hand) : el('p', { class: 'note' }, 'no cards left'),
      bid ? el('p', { class: 'note' }, 'Laid aside: ', cardRow(bid.cards)) : null));
  }
  const middle = el('section', { class: 'middle', 'aria-label': 'the table' });
  if (st.rules === 'piquet' && st.talon !== null) middle.append(el('div', { class: 'talon' }, st.talon ? el('div', { class: 'stack', style: `--depth:${Math.min(st.talon, 8)}` }, cardBack()) : null, el('p', {}, `Talon: ${count(st.talon, 'card')}`)));
  if (st.trumps) {
    const suit = SUITS[st.trumps];
    middle.append(el('div', { class: 'trumps' }, el('span', { class: `suit-sign ${suit[2]}`, 'aria-hidden': 'true' }, suit[0]), el('p', {}, 'Trumps: ', el('strong', {}, suit[1]))));
  }
  const justTaken = !st.trick.length && (step.events || []).some((e) => e.kind === 'trick') ? st.tricks.at(-1) : null;
  const shown = justTaken ? justTaken.played : st.trick;
  const trick = el('div', { class: 'trick', role: 'group', 'aria-label': 'the trick' },
    shown.map((t) => el('figure', { class: 'played', 'data-seat': t.seat }, cardImage(t.card), el('figcaption', {}, name(t.seat)))));
  middle.append(trick);
  if (justTaken) middle.append(el('p', { class: 'last-trick' }, `Trick ${justTaken.number} taken by ${name(justTaken.winner)}`));
  felt.append(seats, middle);
  const side = el('div', { class: 'side' });
  const events = step.events || [];
  const end = events.findIndex((e) => e.kind === 'hand_end' || e.kind === 'deal_end');
  const said = (end < 0 ? events : events.slice(0, end + 1)).map((e) => eventWords(e, name)).filter(Boolean);
  side.append(el('h3', {}, 'This move'), el('ol', { class: 'replay-events what-happened', 'aria-label': 'what the move caused' },
    said.length ? said.map((w) => el('li', {}, w)) : el('li', {}, step.action ? `${name(step.seat)}: ${step.action}` : 'the deal')));
  if (st.declarations.length || st.scored.length) side.append(dialogue(st.declarations, st.scored, name, 'count'));
  if (st.tricks.length) side.append(el('h3', {}, 'Tricks'), trickList(st.tricks, name));
  box.append(felt, side);
  if (st.end) {
    box.append(el('section', { class: 'result replay-end', 'aria-label': 'end of the deal' },
      el('h3', {}, 'The deal is over'), dealBreakdown({ number: st.end.deal ?? st.end.hand, result: st.end }, name)));
  }
  return box;
}
