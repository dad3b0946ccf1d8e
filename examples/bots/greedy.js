#!/usr/bin/env node
// A Bergen bot in JavaScript (Node.js, no packages) speaking the bot protocol, version 1:
// JSON lines on stdin/stdout (docs/guides/protocol.md). It plays the legal move that scores
// most at once (a header, or going out with its last tile), else the heaviest tile; it never
// chooses between draw and pass, as only one of them is ever legal.
//
//   python -c "from bergen.protocol import ProtocolBot; ..."   # or any protocol client
//   node examples/bots/greedy.js < requests.jsonl

"use strict";

const readline = require("node:readline");

let points = { double_header: 2, triple_header: 3, going_out: 2, blocked_hand: 2 };

function send(message) {
  process.stdout.write(JSON.stringify(message) + "\n");
}

function tile(text) {
  // "6-4" -> [6, 4]; plays are "6-4L" / "6-4R", leads "1-1".
  return [Number(text[0]), Number(text[2])];
}

// The points a move scores at once for the mover, before any reduction near the target
// (rule 6 lowers headers there; the engine counts them, this bot only ranks its moves).
function score(view, move) {
  if (move === "draw" || move === "pass") return -1;
  const [a, b] = tile(move);
  const lastTile = view.hand.length === 1 ? points.going_out : 0;
  if (move.length === 3) return lastTile; // a lead
  const line = view.line;
  const [left, right] = line.ends;
  const [leftDouble, rightDouble] = line.doubles;
  const onLeft = move[3] === "L";
  const shown = onLeft ? left : right;
  const outer = a === shown ? b : a;
  const newLeft = onLeft ? outer : left;
  const newRight = onLeft ? right : outer;
  let header = 0;
  if (newLeft === newRight) {
    const doubleEnd = a === b || (onLeft ? rightDouble : leftDouble);
    header = doubleEnd ? points.triple_header : points.double_header;
  }
  return header + lastTile;
}

function choose(view, legal) {
  let best = legal[0];
  let bestKey = null;
  for (const move of legal) {
    const pips = move === "draw" || move === "pass" ? 0 : tile(move)[0] + tile(move)[1];
    const key = [score(view, move), pips];
    if (bestKey === null || key[0] > bestKey[0] || (key[0] === bestKey[0] && key[1] > bestKey[1])) {
      best = move;
      bestKey = key;
    }
  }
  return best;
}

const input = readline.createInterface({ input: process.stdin, terminal: false });

input.on("line", (line) => {
  let request;
  try {
    request = JSON.parse(line);
  } catch (e) {
    send({ type: "error", kind: "protocol", message: "not JSON: " + e.message });
    process.exit(2);
  }
  switch (request.type) {
    case "hello":
      send({ type: "hello", protocol: 1, name: "greedy.js", author: "bergen examples", options: {} });
      break;
    case "new_game":
      if (request.rules.points) points = request.rules.points; // a custom ruleset
      else points = { double_header: 2, triple_header: 3, going_out: 2, blocked_hand: 2 };
      send({ type: "ready" });
      break;
    case "decide":
      send({ type: "move", move: choose(request.view, request.legal_moves) });
      break;
    case "quit":
      input.close();
      process.exit(0);
      break;
    default:
      send({ type: "error", kind: "protocol", message: "unknown request " + request.type });
      process.exit(2);
  }
});

input.on("close", () => process.exit(0));
