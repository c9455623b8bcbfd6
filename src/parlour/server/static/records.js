// Records: the games on this server, and a replay viewer that steps move by move.
import { tiles, tileImage } from '/static/mahjong.js';

function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (k.startsWith('on')) node.addEventListener(k.slice(2), v);
    else if (v !== undefined && v !== null && v !== false) node.setAttribute(k, v === true ? '' : v);
  }
  for (const c of children.flat()) node.append(c instanceof Node ? c : document.createTextNode(String(c)));
  return node;
}

export async function records() {
  const body = document.querySelector('#records tbody');
  const data = await (await fetch('/api/tables')).json();
  for (const t of data.tables) {
    const done = t.status !== 'running';
    body.append(el('tr', {}, el('td', {}, t.id), el('td', {}, t.rules), el('td', {}, t.players.join(', ')),
      el('td', {}, t.status), el('td', {}, t.created.slice(0, 16).replace('T', ' ')),
      el('td', {}, done ? [el('a', { href: `/replay/${t.id}` }, 'replay'), ' ',
        el('a', { href: `/api/tables/${t.id}/record`, download: `parlour-${t.id}.json` }, 'record')] : 'running')));
  }
}

export async function replay() {
  const root = document.getElementById('replay');
  const game = root.dataset.game;
  let hand = 1, move = 0, steps = [];
  const title = el('h2');
  const view = el('div', { class: 'board' });
  const controls = el('p', {},
    el('button', { type: 'button', id: 'prev', onclick: () => go(move - 1) }, '◀ move'), ' ',
    el('button', { type: 'button', id: 'next-move', onclick: () => go(move + 1) }, 'move ▶'), ' ',
    el('button', { type: 'button', id: 'next-hand', onclick: () => load(hand + 1) }, 'next hand'));
  root.append(title, controls, view);
  async function load(h) {
    const reply = await fetch(`/api/tables/${game}/replay/${h}`);
    if (!reply.ok) { title.textContent = (await reply.json()).detail; return; }
    const body = await reply.json();
    hand = h; steps = body.steps; go(0);
  }
  function go(m) {
    if (!steps.length) return;
    move = Math.max(0, Math.min(steps.length - 1, m));
    const s = steps[move];
    title.textContent = `Hand ${hand}, move ${move} of ${steps.length - 1}${s.action ? ': seat ' + s.seat + ' ' + s.action : ''}`;
    view.innerHTML = '';
    s.seats.forEach((seat, i) => {
      view.append(el('section', { class: 'seat' }, el('h3', {}, `${seat.name} (${seat.seat_name})`),
        el('div', {}, tiles(seat.hand).map((t) => tileImage(t, { class: 'tile small' }))),
        el('div', {}, seat.melds.join(' ')), el('div', { class: 'discards' }, tiles(seat.discards).map((t) => tileImage(t, { class: 'tile small' })))));
    });
  }
  load(1);
}
