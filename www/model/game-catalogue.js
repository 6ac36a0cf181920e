// Generated from the core's game catalogue (src/game.rs): do not edit.
// `ALLIN_BLESS=1 cargo test --test it catalogue` rewrites it; the test
// (tests/it/catalogue_js.rs) keeps it equal to the core's.

/** Every game, in the order to list them (as wasm games() and `allin games --json`). */
export const CATALOGUE = Object.freeze([
  Object.freeze({
    name: 'holdem', label: "Hold'em", family: 'holdem', handCards: 2, boardSizes: [0, 3, 4, 5], deck: 52,
    maxPlayers: 10, hilo: false, rules: null,
    questions: ['equity', 'ranges', 'detail', 'strength', 'eval', 'deal'],
    summary: 'Two hole cards each, the best five of seven with the board.',
    example: ['AhKh', 'QsQd'],
  }),
  Object.freeze({
    name: 'three-card', label: 'Three-card', family: 'three-card', handCards: 3, boardSizes: [], deck: 52,
    maxPlayers: 6, hilo: false, rules: { default: 'casino', presets: ['casino', 'teen-patti', 'zha-jin-hua', 'zha-jin-hua-235'], options: true },
    questions: ['equity', 'strength', 'table', 'eval', 'deal'],
    summary: 'Three cards each, no board; the rules decide the order of the hands.',
    example: ['2h2s2d', 'random'],
  }),
  Object.freeze({
    name: 'five-card', label: 'Five-card', family: 'five-card', handCards: 5, boardSizes: [], deck: 52,
    maxPlayers: 10, hilo: false, rules: null,
    questions: ['equity'],
    summary: 'Five cards each, 0 to 5 of them known; the rest are dealt.',
    example: ['AhAdKc7d', 'QsQhJc'],
  }),
  Object.freeze({
    name: 'omaha', label: 'Omaha', family: 'omaha', handCards: 4, boardSizes: [0, 3, 4, 5], deck: 52,
    maxPlayers: 10, hilo: false, rules: null,
    questions: ['equity', 'eval'],
    summary: 'Four hole cards each; a hand is exactly two of them and three of the board.',
    example: ['AsAhKsKh', '9c8c7d6d'],
  }),
  Object.freeze({
    name: 'omaha5', label: 'Five-card Omaha', family: 'omaha', handCards: 5, boardSizes: [0, 3, 4, 5], deck: 52,
    maxPlayers: 9, hilo: false, rules: null,
    questions: ['equity', 'eval'],
    summary: 'Five hole cards each; a hand is exactly two of them and three of the board.',
    example: ['AsAhKsKhQd', '9c8c7d6d5h'],
  }),
  Object.freeze({
    name: 'omaha6', label: 'Six-card Omaha', family: 'omaha', handCards: 6, boardSizes: [0, 3, 4, 5], deck: 52,
    maxPlayers: 7, hilo: false, rules: null,
    questions: ['equity', 'eval'],
    summary: 'Six hole cards each; a hand is exactly two of them and three of the board. (No Hi-Lo with six cards.)',
    example: ['AsAhKsKhQdJd', '9c8c7d6d5h4h'],
  }),
  Object.freeze({
    name: 'omaha-hilo', label: 'Omaha Hi-Lo', family: 'omaha', handCards: 4, boardSizes: [0, 3, 4, 5], deck: 52,
    maxPlayers: 10, hilo: true, rules: null,
    questions: ['equity', 'eval'],
    summary: 'Four hole cards each. Half the pot to the best high hand, half to the best low (five different ranks 8 or lower, ace low, two hole cards and three of the board); no low: the high hand scoops.',
    example: ['AsAh2s3h', 'KcKdQcJd'],
  }),
  Object.freeze({
    name: 'omaha5-hilo', label: 'Five-card Omaha Hi-Lo', family: 'omaha', handCards: 5, boardSizes: [0, 3, 4, 5], deck: 52,
    maxPlayers: 9, hilo: true, rules: null,
    questions: ['equity', 'eval'],
    summary: 'Five hole cards each. Half the pot to the best high hand, half to the best low (five different ranks 8 or lower, ace low); no low: the high hand scoops.',
    example: ['AsAh2s3hKd', 'KcQdQcJd9s'],
  }),
  Object.freeze({
    name: 'shortdeck', label: 'Short Deck', family: 'shortdeck', handCards: 2, boardSizes: [0, 3, 4, 5], deck: 36,
    maxPlayers: 10, hilo: false, rules: { default: 'standard', presets: ['standard', 'trips-beat-straight'], options: false },
    questions: ['equity', 'eval'],
    summary: '36 cards, six to ace; two hole cards each, the best five of seven. A-6-7-8-9 is the lowest straight, and a flush beats a full house.',
    example: ['AsKs', 'QhQd'],
  }),
  Object.freeze({
    name: '2-7-draw', label: '2-7 Single Draw', family: 'draw', handCards: 5, boardSizes: [], deck: 52,
    maxPlayers: 10, hilo: false, rules: null,
    questions: ['equity', 'eval'],
    summary: '2-7 lowball, one draw: each keeps 0 to 5 cards and draws the rest; the lowest hand wins, aces high only, straights and flushes count against (7-5-4-3-2 is the best). Known discards are dead cards. No triple draw.',
    example: ['9h8c4d2h', '9d7h5s2d'],
  }),
  Object.freeze({
    name: 'a-5-draw', label: 'A-5 Single Draw', family: 'draw', handCards: 5, boardSizes: [], deck: 52,
    maxPlayers: 10, hilo: false, rules: null,
    questions: ['equity', 'eval'],
    summary: 'A-5 lowball, one draw: each keeps 0 to 5 cards and draws the rest; the lowest hand wins, aces low, straights and flushes ignored (5-4-3-2-A is the best).',
    example: ['5h4c3d2s', '8d6h3sAc'],
  }),
  Object.freeze({
    name: 'badugi', label: 'Badugi Single Draw', family: 'draw', handCards: 4, boardSizes: [], deck: 52,
    maxPlayers: 10, hilo: false, rules: null,
    questions: ['equity', 'eval'],
    summary: 'Badugi, one draw: each keeps 0 to 4 cards and draws the rest; the most cards of different ranks and suits win, then the lowest, aces low. No triple draw.',
    example: ['Ah2d3c', '4s5h6d'],
  }),
  Object.freeze({
    name: 'stud', label: 'Seven-card Stud', family: 'stud', handCards: 7, boardSizes: [], deck: 52,
    maxPlayers: 8, hilo: false, rules: null,
    questions: ['equity', 'eval'],
    summary: 'Seven cards each, no board; 0 to 7 known (down cards may be in [brackets]), the rest dealt. The best five of seven.',
    example: ['AsAhAd', '7c6c5c'],
  }),
  Object.freeze({
    name: 'stud8', label: 'Stud Hi-Lo', family: 'stud', handCards: 7, boardSizes: [], deck: 52,
    maxPlayers: 8, hilo: true, rules: null,
    questions: ['equity', 'eval'],
    summary: 'Seven-card Stud, the pot split: half to the best high hand, half to the best low (five different ranks 8 or lower, ace low); no low: the high hand scoops.',
    example: ['Ah2h3h', 'KsKdQc'],
  }),
  Object.freeze({
    name: 'razz', label: 'Razz', family: 'stud', handCards: 7, boardSizes: [], deck: 52,
    maxPlayers: 8, hilo: false, rules: null,
    questions: ['equity', 'eval'],
    summary: 'Seven-card Stud for the lowest hand: ace low, straights and flushes do not count, pairs count against; the best five of seven.',
    example: ['Ah2h3h', '5h6h7h'],
  }),
]);
