// allin's bench-side shim over OMPEval's public API (built only when
// ALLIN_PEER_OMPEVAL points to a local OMPEval checkout; OMPEval itself is
// never copied here). C ABI, one thread, called from peers/src/ompeval.rs.
#include <cstdint>
#include <string>
#include <vector>

#include "omp/EquityCalculator.h"
#include "omp/HandEvaluator.h"

namespace {
omp::HandEvaluator& evaluator() {
    static omp::HandEvaluator e;
    return e;
}
}  // namespace

extern "C" {

// Equity of `n` players given as range texts; `trials` 0 = exact
// enumeration, else Monte Carlo stopped after about that many hands.
// Writes equities and returns the hands counted, or -1 if OMPEval refuses.
int64_t allin_peer_omp_equity(const char* const* ranges, uint32_t n, const char* board,
                              const char* dead, uint64_t trials, double* equity) {
    std::vector<omp::CardRange> list;
    for (uint32_t i = 0; i < n; ++i) list.emplace_back(ranges[i]);
    omp::EquityCalculator calc;
    if (trials > 0) calc.setHandLimit(trials);
    bool ok = calc.start(list, omp::CardRange::getCardMask(board), omp::CardRange::getCardMask(dead),
                         trials == 0, 0.0, nullptr, 1e9, 1);
    if (!ok) return -1;
    calc.wait();
    omp::EquityCalculator::Results r = calc.getResults();
    for (uint32_t i = 0; i < n; ++i) equity[i] = r.equity[i];
    return static_cast<int64_t>(r.hands);
}

// Monte Carlo by OMPEval's own stop: `stdev_target` (a fraction of a pot,
// on player 1's equity: OMPEval's standard error, from its batches of
// 4,096 hands), checked every `interval` seconds; or after about
// `hand_limit` hands (0 = no limit). Writes the equities and, in
// `stdev[0..2]`, the standard error it estimated and its per-hand
// standard deviation; returns the hands counted, or -1 if OMPEval refuses.
int64_t allin_peer_omp_sample(const char* const* ranges, uint32_t n, const char* board,
                              const char* dead, double stdev_target, double interval,
                              uint64_t hand_limit, double* equity, double* stdev) {
    std::vector<omp::CardRange> list;
    for (uint32_t i = 0; i < n; ++i) list.emplace_back(ranges[i]);
    omp::EquityCalculator calc;
    if (hand_limit > 0) calc.setHandLimit(hand_limit);
    bool ok = calc.start(list, omp::CardRange::getCardMask(board), omp::CardRange::getCardMask(dead),
                         false, stdev_target, nullptr, interval, 1);
    if (!ok) return -1;
    calc.wait();
    omp::EquityCalculator::Results r = calc.getResults();
    for (uint32_t i = 0; i < n; ++i) equity[i] = r.equity[i];
    stdev[0] = r.stdev;
    stdev[1] = r.stdevPerHand;
    return static_cast<int64_t>(r.hands);
}

// Category counts (index = OMPEval's category, 1 = high card … 9 =
// straight flush) over every 7-card hand, one card added per loop level.
void allin_peer_omp_all7(uint64_t* counts) {
    const omp::HandEvaluator& e = evaluator();
    for (int i = 0; i < 10; ++i) counts[i] = 0;
    omp::Hand h0 = omp::Hand::empty();
    for (unsigned a = 0; a < 46; ++a) {
        omp::Hand h1 = h0 + omp::Hand(a);
        for (unsigned b = a + 1; b < 47; ++b) {
            omp::Hand h2 = h1 + omp::Hand(b);
            for (unsigned c = b + 1; c < 48; ++c) {
                omp::Hand h3 = h2 + omp::Hand(c);
                for (unsigned d = c + 1; d < 49; ++d) {
                    omp::Hand h4 = h3 + omp::Hand(d);
                    for (unsigned f = d + 1; f < 50; ++f) {
                        omp::Hand h5 = h4 + omp::Hand(f);
                        for (unsigned g = f + 1; g < 51; ++g) {
                            omp::Hand h6 = h5 + omp::Hand(g);
                            for (unsigned k = g + 1; k < 52; ++k)
                                ++counts[e.evaluate(h6 + omp::Hand(k)) >> 12];
                        }
                    }
                }
            }
        }
    }
}

// Category counts of `n` 7-card hands given as card ids (rank * 4 + suit,
// the same rank order as OMPEval's; categories do not depend on suit names).
void allin_peer_omp_hands(const uint8_t* cards, uint64_t n, uint64_t* counts) {
    const omp::HandEvaluator& e = evaluator();
    for (int i = 0; i < 10; ++i) counts[i] = 0;
    for (uint64_t i = 0; i < n; ++i) {
        const uint8_t* c = cards + 7 * i;
        omp::Hand h = omp::Hand::empty();
        for (int j = 0; j < 7; ++j) h += omp::Hand(c[j]);
        ++counts[e.evaluate(h) >> 12];
    }
}

}  // extern "C"
