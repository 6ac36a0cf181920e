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
