//! The switch that turns a skip into a failure: with `STEPWISE_REQUIRE_ALL` set, as `.ci/run`
//! sets it, a test that would skip its corpus, browser or terminal part fails instead.

mod common;

#[test]
fn a_skip_fails_when_nothing_may_be_skipped() {
    // This binary holds this one test, so changing the process's environment touches no other.
    std::env::set_var(common::REQUIRE_ALL, "1");
    let outcome = std::panic::catch_unwind(|| common::skipped("a corpus not found"));
    std::env::set_var(common::REQUIRE_ALL, "0");
    let quiet =
        std::panic::catch_unwind(|| common::skipped("nothing: this test checks the switch"));
    std::env::remove_var(common::REQUIRE_ALL);
    let message = outcome.expect_err("a skip under the switch fails");
    let message = message
        .downcast_ref::<String>()
        .expect("a formatted panic message");
    assert!(
        message.contains("a corpus not found") && message.contains(common::REQUIRE_ALL),
        "{message}"
    );
    assert!(quiet.is_ok(), "0 turns the switch off");
}
