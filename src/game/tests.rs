use super::*;

#[test]
fn names_read_back_in_any_case() {
    for g in Game::ALL {
        assert_eq!(g.name().parse::<Game>(), Ok(g));
        assert_eq!(g.name().to_uppercase().parse::<Game>(), Ok(g));
        assert_eq!(g.to_string(), g.name());
    }
}

#[test]
fn unknown_games_are_named_with_the_list_and_the_nearest() {
    let err = |s: &str| s.parse::<Game>().unwrap_err().to_string();
    assert_eq!(
        err("omha"),
        "unknown game \"omha\" (games: holdem, three-card, five-card, omaha, omaha5, omaha6, \
         omaha-hilo, omaha5-hilo, shortdeck, 2-7-draw, a-5-draw, badugi, stud, stud8, razz) \
         (did you mean 'omaha'?)"
    );
    assert!(err("__proto__").starts_with("unknown game \"__proto__\" (games: holdem,"));
    assert!(!err("bridge").contains("did you mean"));
    let among = Game::parse_among("omaha", &Game::answering(Question::Deal)).unwrap_err();
    assert_eq!(
        among.to_string(),
        "unknown game \"omaha\" (games: holdem, three-card)"
    );
    assert_eq!(
        UnknownGame::among_names("holdem6", &["holdem5", "holdem7"]).to_string(),
        "unknown game \"holdem6\" (games: holdem5, holdem7) (did you mean 'holdem5'?)"
    );
}

/// Each game's limits fit its deck: every player's hand and a full board
/// (stud: with the seventh card one community card when the deck runs out).
#[test]
fn the_player_limits_fit_the_deck() {
    for g in Game::ALL {
        let mut board = g.board_sizes().iter().copied().max().unwrap_or(0);
        let mut hand = g.hand_cards();
        if g.family() == Family::Stud {
            (hand, board) = (hand - 1, 1);
        }
        assert!(g.max_players() * hand + board <= g.deck_size(), "{g}");
        assert!((2..=10).contains(&g.max_players()), "{g}");
    }
}

/// The catalogue agrees with the engines it names.
#[test]
fn the_catalogue_matches_the_engines() {
    for g in Game::ALL {
        if let Some(o) = crate::omaha::Game::from_name(g.name()) {
            assert_eq!(o.hole(), g.hand_cards(), "{g}");
            assert_eq!(o.hilo(), g.hilo(), "{g}");
        } else if let Some(r) = crate::stud::Rules::of(g) {
            assert_eq!(r == crate::stud::Rules::HiLo, g.hilo(), "{g}");
            assert_eq!(r.game(), g);
        } else {
            assert!(!g.hilo());
        }
    }
    let three = Game::ThreeCard.rules().unwrap();
    assert_eq!(three.default_rules(), "casino");
    for p in three.presets() {
        let rules: crate::three_card::Rules = p.parse().unwrap();
        assert_eq!(rules.preset_name(), Some(*p));
    }
    assert_eq!(
        three.presets().len(),
        crate::three_card::Rules::PRESETS.len()
    );
    for p in Game::ShortDeck.rules().unwrap().presets() {
        assert!(p.parse::<crate::short_deck::Rules>().is_ok(), "{p}");
    }
    assert!("nonsense"
        .parse::<crate::short_deck::Rules>()
        .unwrap_err()
        .starts_with("unknown Short Deck rules \"nonsense\""));
}

/// Each game's example hands are hands of the game: whole hands (five-card:
/// 0 to 5 known cards) or `random`, no card twice, in the game's deck.
#[test]
fn the_examples_are_hands_of_the_game() {
    for g in Game::ALL {
        let mut seen = crate::card::CardSet::default();
        assert!(g.example().len() >= 2, "{g}");
        assert!(!g.summary().is_empty(), "{g}");
        for hand in g.example() {
            if *hand == "random" {
                continue;
            }
            let cards = crate::card::parse_cards(hand).unwrap();
            if g == Game::FiveCard || matches!(g.family(), Family::Draw | Family::Stud) {
                assert!(cards.len() <= g.hand_cards(), "{g}: {hand}");
            } else {
                assert_eq!(cards.len(), g.hand_cards(), "{g}: {hand}");
            }
            for c in cards {
                assert!(!seen.contains(c), "{g}: {c} twice");
                assert!(
                    g.deck_size() == 52 || c.rank() >= 4,
                    "{g}: {c} not in the deck"
                );
                seen.insert(c);
            }
        }
    }
}
