// The card-table renderer: Piquet and Ninety-Nine (the "cards" family).
// It knows the games only through the state messages: the seat's observation, its legal
// actions as text, the events it may see, the last deal's result and the match's end.
import { el } from '/static/mahjong.js';

const SUITS = { S: ['♠', 'spades', 'black'], H: ['♥', 'hearts', 'red'], D: ['♦', 'diamonds', 'red'], C: ['♣', 'clubs', 'black'] };
const RANKS = { A: 'ace', K: 'king', Q: 'queen', J: 'jack', 10: 'ten', 9: 'nine', 8: 'eight', 7: 'seven', 6: 'six' };

function split(cards) {
  if (!cards) return [];
  return Array.isArray(cards) ? cards : String(cards).split(/\s+/).filter(Boolean);
}

// "QH" -> "queen of hearts"
export function cardWords(card) {
  const suit = SUITS[card.slice(-1)];
  return suit ? `${RANKS[card.slice(0, -1)] || card.slice(0, -1)} of ${suit[1]}` : card;
}

// "QH" -> "Q♥"
export function cardText(card) {
  const suit = SUITS[card.slice(-1)];
  return suit ? card.slice(0, -1) + suit[0] : card;
}

function cardsText(cards) {
  const list = split(cards);
  return list.length ? list.map(cardText).join(' ') : '–';
}

// a card as a small face: rank and suit sign in text, coloured by suit (never by colour alone)
function cardFace(card, extra = {}) {
  const suit = SUITS[card.slice(-1)] || ['?', '', 'black'];
  return el('span', { class: `card ${suit[2]}`, title: cardWords(card), ...extra },
    el('span', { 'aria-hidden': 'true' }, cardText(card)),
    el('span', { class: 'sr-only' }, cardWords(card)));
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
    this.board = el('div', { class: 'board' });
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

  draw() {
    const { state } = this;
    const obs = state.observation;
    const legal = this.legal();
    this.board.innerHTML = '';
    const ask = state.answered ? 'your answer is in: waiting for the others'
      : legal.length ? 'your turn' : state.match_over ? 'the game is over' : 'waiting for the others';
    const game = obs.rules === 'piquet' ? 'Piquet' : 'Ninety-Nine';
    this.status.textContent = `${game} · deal ${state.hand} · ${obs.phase} · ${ask}`;
    this.root.dataset.phase = obs.phase;
    this.root.dataset.asked = legal.length ? 'yes' : 'no';
    this.board.append(this.scores(obs));
    this.board.append(obs.rules === 'piquet' ? this.piquet(obs) : this.ninetyNine(obs));
    this.board.append(this.trick(obs));
    if (state.player !== null) this.board.append(this.hand(obs), this.actions(obs));
    this.drawResult();
  }

  scores(obs) {
    const rows = this.names().map((n, s) => {
      const total = obs.rules === 'piquet' ? obs.scores?.[s] : obs.totals?.[s];
      const extra = obs.rules === 'piquet' ? `this hand ${obs.hand_points?.[s] ?? 0}` : `tricks ${obs.tricks_won?.[s] ?? 0}`;
      return el('tr', { 'data-seat': s }, el('th', { scope: 'row' }, this.name(s)),
        el('td', { class: 'total' }, String(total ?? 0)), el('td', {}, extra));
    });
    return el('table', { class: 'scores', 'aria-label': 'scores' },
      el('thead', {}, el('tr', {}, el('th', {}, 'player'), el('th', {}, 'total'), el('th', {}, ''))),
      el('tbody', {}, rows));
  }

  ninetyNine(obs) {
    const box = el('section', { class: 'panel game-state', 'aria-label': 'the deal' });
    const suit = SUITS[obs.trumps];
    box.append(el('p', {}, `Game ${obs.game_number}, deal ${obs.deal} · dealer ${this.name(obs.dealer)} · trumps `,
      el('strong', { class: `suit ${suit?.[2]}` }, `${suit?.[0]} ${suit?.[1]}`)));
    if (obs.bid !== null && obs.bid !== undefined) {
      box.append(el('p', { class: 'my-bid' }, `Your bid: ${obs.bid} tricks (laid aside ${cardsText(obs.bid_cards)})`));
    }
    if (obs.phase === 'bid') {
      const waiting = obs.has_bid.map((b, s) => (b ? null : this.name(s))).filter(Boolean);
      box.append(el('p', {}, `Still to bid: ${waiting.join(', ') || '–'}`));
    }
    if (obs.premium) {
      box.append(el('p', { class: 'premium' }, `Premium: ${this.name(obs.premium.holder)} ${obs.premium.kind}s · bid cards `,
        ...split(obs.shown_bid_cards[obs.premium.holder]).map((c) => cardFace(c))));
    }
    (obs.shown_hands || []).forEach((cards, s) => {
      if (cards && s !== obs.seat) box.append(el('p', { class: 'shown-hand' }, `${this.name(s)} plays face up: `, ...split(cards).map((c) => cardFace(c))));
    });
    return box;
  }

  piquet(obs) {
    const box = el('section', { class: 'panel game-state', 'aria-label': 'the deal' });
    if (obs.hand_number === undefined) {
      box.append(el('p', {}, `Game ${obs.game_number}: ${this.name(obs.chooser)} chooses to be elder or younger`));
      return box;
    }
    const role = obs.role ? ` · you are ${obs.role}` : '';
    box.append(el('p', {}, `Game ${obs.game_number}, hand ${obs.hand_number} · dealer ${this.name(obs.dealer)}${role}`));
    const talon = [`Talon: ${obs.talon} cards`];
    if (obs.announced !== null && obs.announced !== undefined) talon.push(`elder exchanges ${obs.announced}`);
    box.append(el('p', { class: 'talon' }, talon.join(' · ')));
    if (split(obs.selected).length) box.append(el('p', { class: 'marked' }, 'Marked to exchange: ', ...split(obs.selected).map((c) => cardFace(c))));
    if (split(obs.peek).length) box.append(el('p', {}, 'You saw in the talon: ', ...split(obs.peek).map((c) => cardFace(c))));
    if (obs.leftover) box.append(el('p', {}, 'Talon left over: ', ...split(obs.leftover).map((c) => cardFace(c))));
    if (obs.discards && split(obs.discards).length) box.append(el('p', {}, `Your discards: ${cardsText(obs.discards)}`));
    if ((obs.carte_blanche || []).length) box.append(el('p', {}, `Carte blanche: ${obs.carte_blanche.map((s) => this.name(s)).join(', ')}`));
    (obs.shown || []).forEach((cards, s) => {
      if (cards && s !== obs.seat) box.append(el('p', {}, `${this.name(s)} showed: `, ...split(cards).map((c) => cardFace(c))));
    });
    if ((obs.declarations || []).length) {
      box.append(el('ul', { class: 'declarations', 'aria-label': 'declarations' },
        obs.declarations.map((d) => el('li', {}, `${this.name(d.seat)}: ${d.says}`))));
    }
    if (obs.lead_suit) box.append(el('p', {}, `First lead named: ${SUITS[obs.lead_suit][0]} ${SUITS[obs.lead_suit][1]}`));
    return box;
  }

  trick(obs) {
    const box = el('section', { class: 'panel trick', 'aria-label': 'the trick' });
    const cards = obs.trick || [];
    box.append(el('h2', {}, 'Trick'));
    box.append(cards.length
      ? el('ul', { class: 'trick-cards' }, cards.map((t) => el('li', {}, `${this.name(t.seat)}: `, cardFace(t.card))))
      : el('p', { class: 'note' }, obs.phase === 'play' ? 'nothing played yet' : '–'));
    const last = (obs.tricks || []).at(-1);
    if (last) box.append(el('p', { class: 'last-trick' }, 'Last trick: ', ...last.cards.map((c) => cardFace(c)), ` won by ${this.name(last.winner)}`));
    return box;
  }

  hand(obs) {
    const legal = this.legal();
    const cards = split(obs.hand);
    const bidding = legal.some((a) => a.startsWith('bid '));
    const box = el('section', { class: 'panel hand', 'aria-label': 'your hand' });
    box.append(el('h2', {}, bidding ? `Your hand: pick three cards to lay aside (${this.picked.length} picked)` : 'Your hand'));
    const row = el('div', { class: 'hand-cards', role: 'group', 'aria-label': 'your cards' });
    const marked = split(obs.selected);
    for (const card of cards) {
      let action = null;
      for (const kind of ['play', 'discard', 'keep']) if (legal.includes(`${kind} ${card}`)) action = `${kind} ${card}`;
      const picked = this.picked.includes(card);
      const isMarked = marked.includes(card);
      const label = cardWords(card) + (isMarked ? ', marked to exchange' : '') + (picked ? ', picked' : '')
        + (action ? ` (${action.split(' ')[0]})` : bidding ? ' (pick)' : '');
      const button = el('button', {
        type: 'button', class: `card-button${picked || isMarked ? ' picked' : ''}`, 'data-card': card,
        'aria-label': label, 'aria-pressed': bidding ? String(picked) : undefined,
        'aria-disabled': action || bidding ? undefined : 'true',
        onclick: () => {
          if (bidding) { this.pick(card); return; }
          if (action) this.send(action);
        },
      }, cardFace(card, { 'aria-hidden': 'true' }));
      row.append(button);
    }
    box.append(row);
    if (bidding) {
      const choice = legal.find((a) => sameCards(a.split(' ').slice(1), this.picked));
      box.append(el('button', { type: 'button', class: 'bid-button', 'data-action': choice || '',
        'aria-disabled': choice ? undefined : 'true',
        onclick: () => { if (choice) this.send(choice); } },
      choice ? `Bid: lay aside ${cardsText(this.picked)}` : 'Bid (pick three cards)'));
    }
    return box;
  }

  pick(card) {
    if (this.picked.includes(card)) this.picked = this.picked.filter((c) => c !== card);
    else if (this.picked.length < 3) this.picked = [...this.picked, card];
    this.draw();
    this.board.querySelector(`.card-button[data-card="${card}"]`)?.focus();
  }

  actions(obs) {
    const others = this.legal().filter((a) => !/^(bid|play|discard|keep) /.test(a));
    const box = el('section', { class: 'panel actions', 'aria-label': 'your actions' });
    if (!others.length) return box;
    box.append(el('h2', {}, 'Actions'));
    for (const a of others) {
      box.append(el('button', { type: 'button', 'data-action': a, onclick: () => this.send(a) }, this.actionWords(a, obs)));
    }
    return box;
  }

  actionWords(a, obs) {
    const [kind, arg] = a.split(' ');
    if (kind === 'exchange') return `Exchange ${split(obs.selected).length} card(s)`;
    if (kind === 'name_lead') return `Name ${SUITS[arg]?.[1] || arg} for the first lead`;
    if (arg && SUITS[arg.slice(-1)] && arg.length > 1) return `${kind} ${cardText(arg)}`;
    return a;
  }

  drawResult() {
    const { state } = this;
    const last = state.last_hand;
    this.result.innerHTML = '';
    if (state.match_over) {
      const scores = state.results?.scores || [];
      this.result.hidden = false;
      this.result.append(el('h2', {}, 'The game is over'),
        el('ul', { class: 'final' }, scores.map((s, p) => el('li', {}, `${this.name(p)}: ${s}`))),
        el('p', {}, el('a', { href: `/api/tables/${this.client.game}/record`, download: `parlour-${this.client.game}.json` }, 'The game record')));
      return;
    }
    if (!last || !state.between_hands || this.dismissed >= last.number) { this.result.hidden = true; return; }
    const r = last.result;
    const lines = [];
    if (r.kind === 'deal_end') {
      r.bids.forEach((b, s) => lines.push(`${this.name(s)}: bid ${b}, took ${r.tricks[s]}${r.succeeded[s] ? ' (made it)' : ''}, scores ${r.scores[s]}, total ${r.totals[s]}`));
      lines.push(`Next trumps: ${SUITS[r.next_trumps]?.[0]} ${SUITS[r.next_trumps]?.[1]}`);
    } else {
      r.points.forEach((p, s) => lines.push(`${this.name(s)}: ${p} this hand, game total ${r.scores[s]}`));
      lines.push(`Ended by ${r.ended}; tricks ${r.tricks.join('–')}`);
    }
    this.result.hidden = false;
    this.result.append(el('h2', {}, `Deal ${last.number} is over`),
      el('ul', { class: 'deal-scores' }, lines.map((l) => el('li', {}, l))),
      el('button', { type: 'button', class: 'next-hand', onclick: () => {
        this.dismissed = last.number; this.result.hidden = true; this.client.next(); } }, 'Next deal'));
  }

  narrate(e) {
    const who = e.seat !== undefined ? this.name(e.seat) : '';
    switch (e.kind) {
      case 'deal': return `Deal ${e.deal ?? e.hand}: ${who} deals`;
      case 'hand': return `Your hand: ${cardsText(e.cards)}`;
      case 'bid': return `${who} lays three cards aside`;
      case 'bid_cards': return `You bid ${e.bid} with ${cardsText(e.cards)}`;
      case 'offer': return `${who}: ${e.offer}`;
      case 'premium': return e.holder === null ? 'No premium bid' : `${this.name(e.holder)} makes the premium bid: ${e.bid}`;
      case 'play': return `${who} plays ${cardText(e.card)}`;
      case 'trick': return `${who} wins trick ${e.number}`;
      case 'say': return `${who}: ${e.says}`;
      case 'score': return `${who} scores ${e.points}`;
      case 'take': return `You take ${cardsText(e.cards)}`;
      case 'exchange': return `${who} exchanges ${e.count}`;
      case 'deal_end': case 'hand_end': return 'The deal is over';
      default: return null;
    }
  }
}
