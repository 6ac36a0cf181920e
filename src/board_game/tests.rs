use super::*;

fn full() -> Dealing {
    Dealing {
        game: "Omaha",
        hole: 4,
        hint: |_| None,
        deck: Deck::Full,
    }
}

#[test]
fn units_cover_every_board_once() {
    for board in ["", "2c3d4h", "2c3d4h5s", "2c3d4h5s6c"] {
        let deal = Deal::parse(full(), &["AsKsQsJs", "AhKhQhJh"], board, "9c").unwrap();
        let mut seen = std::collections::HashSet::new();
        for u in 0..deal.units() + 2 {
            deal.for_each_board(u, |b| {
                let mut ids: Vec<u8> = b.iter().map(|c| c.id()).collect();
                ids.sort_unstable();
                ids.dedup();
                assert_eq!(ids.len(), 5);
                assert!(seen.insert(ids), "a board twice");
            });
        }
        assert_eq!(seen.len() as u64, deal.boards(), "{board}");
    }
}

#[test]
fn the_policy_enumerates_known_hands_and_samples_random_ones() {
    let omaha = |players: &[&str]| Deal::parse(full(), players, "", "").unwrap();
    let heads_up = omaha(&["AsAhKsKh", "9c8c7d6d"]);
    assert_eq!(heads_up.boards(), 1_086_008);
    let plan = heads_up.plan(60);
    assert_eq!(plan.cost(), 1_086_008 * 2 * 60);
    assert!(plan.affordable() && plan.can_force());
    assert_eq!(plan.why_sampled(), None);
    // Three-way preflop is exact too (658,008 boards).
    assert!(omaha(&["AsAhKsKh", "9c8c7d6d", "QdJdTc9h"])
        .plan(60)
        .affordable());
    let random = omaha(&["AsAhKsKh", "random"]).plan(60);
    assert!(!random.affordable() && !random.can_force());
    assert_eq!(
        random.why_sampled().unwrap(),
        "random hands are sampled (exact needs every hand known)"
    );
}

#[test]
fn a_short_deck_refuses_low_cards_and_deals_from_36() {
    let short = Dealing {
        game: "Short Deck",
        hole: 2,
        hint: |_| None,
        deck: Deck::Short,
    };
    let deal = Deal::parse(short, &["AsKs", "QhQd"], "", "").unwrap();
    assert_eq!(deal.boards(), 201_376); // C(32, 5)
    let err = Deal::parse(short, &["AsKs", "QhQd"], "", "5c").unwrap_err();
    assert_eq!(
        err.to_string(),
        "dead cards: 5c is not in the short deck (6 to A)"
    );
}
