// Records: the games on this server, and a replay viewer that steps move by move.
import { el, meldTiles, tiles, tileImage, tileWords } from '/static/mahjong.js';
import { drawCardReplay } from '/static/cards.js';

export async function records() {
  const body = document.querySelector('#records tbody');
  const reply = await fetch('/api/tables');
  const data = await reply.json();
  if (!data.tables.length) {
    body.append(el('tr', {}, el('td', { colspan: 6 }, 'No games yet: start one from the home page.')));
  }
  for (const t of data.tables) {
    const done = t.status === 'finished';
    const links = done
      ? [el('a', { href: `/replay/${t.id}`, class: 'replay-link' }, 'replay'), ' · ',
        el('a', { href: `/api/tables/${t.id}/record`, download: `parlour-${t.id}.json`, class: 'record-link' }, 'record (JSON)'),
        ' · ', el('a', { href: `/tables/${t.id}/results`, class: 'results-link' }, 'results')]
      : t.status;
    body.append(el('tr', { 'data-game': t.id, 'data-status': t.status }, el('td', {}, t.id), el('td', {}, t.rules),
      el('td', {}, t.players.join(', ')), el('td', {}, t.status),
      el('td', {}, el('time', { datetime: t.created }, t.created.slice(0, 16).replace('T', ' '))), el('td', {}, links)));
  }
}

function describe(step, seats) {
  if (step.action === null || step.action === undefined) return 'the deal';
  const who = seats[step.seat] ? `${seats[step.seat].name} (${seats[step.seat].seat_name})` : `seat ${step.seat}`;
  const [kind, ...rest] = step.action.split(' ');
  const tile = rest[0];
  const words = tile && /^([1-9][mps]|[ESWNCFP]|[fx][1-4])$/.test(tile) ? `the ${tileWords(tile)}` : rest.join(' ');
  const verbs = { discard: 'discards', chow: 'chows from', pung: 'pungs', kong: 'kongs', pass: 'passes',
    win: 'wins', concealed_kong: 'declares a concealed kong of', added_kong: 'adds to a pung', rob: 'robs the kong of' };
  return `${who} ${verbs[kind] || kind.replace(/_/g, ' ')}${words ? ' ' + words : ''}`;
}

function describeAny(step) {
  // a move of any game: who and the action as the game writes it
  if (step.action === null || step.action === undefined) return 'the deal';
  return `${step.name || 'seat ' + step.seat} ${step.action}`;
}

export async function replay() {
  const root = document.getElementById('replay');
  const game = root.dataset.game;
  let hand = 1, move = 0, all = [], steps = [], hands = null;
  const title = el('h2', { id: 'replay-title', 'aria-live': 'polite' });
  const view = el('div', { class: 'board', id: 'replay-board' });
  const button = (id, text, label, onclick) => el('button', { type: 'button', id, 'aria-label': label, onclick }, text);
  const prevHand = button('prev-hand', '◀◀ hand', 'previous hand', () => load(hand - 1));
  const prev = button('prev', '◀ move', 'previous move', () => go(move - 1));
  const next = button('next-move', 'move ▶', 'next move', () => go(move + 1));
  const nextHand = button('next-hand', 'hand ▶▶', 'next hand', () => load(hand + 1));
  // every seat's answer to every discard is a move; most are passes, hidden unless asked for
  const passes = el('input', { type: 'checkbox', id: 'show-passes', onchange: () => {
    const at = steps[move];
    choose();
    go(Math.max(0, steps.findIndex((s) => s === at)));
  } });
  const controls = el('p', { class: 'replay-controls' }, prevHand, prev, next, nextHand,
    el('label', {}, passes, ' show passes'),
    el('a', { href: `/api/tables/${game}/record`, download: `parlour-${game}.json`, id: 'download-record' }, 'Download the record'));
  const hint = el('p', { class: 'note' }, 'The arrow keys step too: ← → a move, Page Up and Page Down a hand.');
  root.append(title, controls, hint, view);
  document.addEventListener('keydown', (e) => {
    if (e.ctrlKey || e.metaKey || e.altKey || (e.target && e.target.tagName === 'INPUT')) return;
    if (e.key === 'ArrowRight') go(move + 1);
    else if (e.key === 'ArrowLeft') go(move - 1);
    else if (e.key === 'PageDown') load(hand + 1);
    else if (e.key === 'PageUp') load(hand - 1);
    else return;
    e.preventDefault();
  });
  try {
    const info = await (await fetch(`/api/tables/${game}`)).json();
    if (typeof info.hand === 'number') hands = info.hand;
  } catch { hands = null; }

  async function load(h) {
    if (h < 1 || (hands !== null && h > hands)) return;
    const reply = await fetch(`/api/tables/${game}/replay/${h}`);
    let body;
    try { body = await reply.json(); } catch { body = { detail: `the server answered ${reply.status}` }; }
    if (!reply.ok) { title.textContent = body.detail; root.dataset.error = 'yes'; return; }
    hand = h; all = body.steps; choose(); go(0);
  }

  function choose() {
    steps = passes.checked ? all : all.filter((s) => s.action !== 'pass');
  }

  function go(m) {
    if (!steps.length) return;
    move = Math.max(0, Math.min(steps.length - 1, m));
    const s = steps[move];
    root.dataset.hand = String(hand);
    root.dataset.move = String(move);
    const said = s.seats ? describe(s, s.seats) : describeAny(s);
    const unit = s.seats ? 'Hand' : 'Deal';  // a card game's hands are deals
    title.textContent = `${unit} ${hand}${hands ? ' of ' + hands : ''}, move ${move} of ${steps.length - 1}: ${said}`;
    prev.disabled = move === 0;
    next.disabled = move === steps.length - 1;
    prevHand.disabled = hand <= 1;
    nextHand.disabled = hands !== null && hand >= hands;
    view.innerHTML = '';
    if (!s.seats) {
      // a card game: its table drawn as it stood after the move (every step before it folded in)
      view.append(drawCardReplay(all, all.indexOf(s)));
      return;
    }
    s.seats.forEach((seat, i) => {
      const moved = s.seat === i;
      const row = (label, content) => el('div', { class: 'replay-row', role: 'group', 'aria-label': label },
        el('span', { class: 'note' }, `${label}: `), content);
      view.append(el('section', { class: 'seat' + (moved ? ' current' : ''), 'data-seat': i },
        el('h3', {}, `${seat.name} (${seat.seat_name})`, moved ? ' ▶ moved' : ''),
        row('hand', tiles(seat.hand).map((t) => tileImage(t, { class: 'tile small' }))),
        seat.melds.length ? row('melds', seat.melds.map((m) => meldTiles(m))) : null,
        seat.bonus ? row('bonus tiles', tiles(seat.bonus).map((t) => tileImage(t, { class: 'tile small' }))) : null,
        row('discards', tiles(seat.discards).map((t) => tileImage(t, { class: 'tile small' })))));
    });
    view.append(el('p', { class: 'note' }, `${s.wall} tiles left in the wall`));
  }
  await load(1);
}
