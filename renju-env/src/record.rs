//! The record of a game of an environment, as a `renju_records::Game` that validates
//! (`renju validate`, [`Game::validate`]) to the game's own outcome.

use renju_records::{ClaimModel, Event, Game};

use crate::game::GameState;

impl GameState {
    /// The game so far as a record: its rules (the stone limit of a draw after N stones
    /// among them), its stones and passes.
    ///
    /// ```
    /// use renju_env::{EnvOptions, GameState};
    /// let options = EnvOptions { draw_after: Some(3), ..EnvOptions::default() };
    /// let mut game = GameState::new(options).unwrap();
    /// while !game.is_over() {
    ///     let a = game.random_action().unwrap();
    ///     game.step(a).unwrap();
    /// }
    /// let report = game.record().validate(&Default::default());
    /// assert_eq!(report.outcome, game.outcome().unwrap());
    /// assert_eq!(report.outcome.to_string(), "draw declared by the referee at the stone limit");
    /// ```
    pub fn record(&self) -> Game {
        let o = self.layout().options();
        // Under an opening protocol: the referee's own record of the opening (the whole
        // game while it is in the opening, or ended there), then the moves after it.
        if let Some(referee) = self.referee() {
            return referee.game();
        }
        let (mut events, after) = match self.prelude() {
            Some((events, taken)) => (events.clone(), *taken),
            None => (Vec::new(), 0),
        };
        events.extend(
            self.actions()[after..]
                .iter()
                .map(|&a| match self.point_of(u32::from(a)) {
                    Some(point) => Event::Stone { point },
                    None => Event::Pass,
                }),
        );
        Game {
            rule_set: Some(o.rule_set),
            opening: Some(o.opening),
            claims: Some(ClaimModel::Automatic),
            options: Some(o.renju),
            draw_after: o.draw_after_stones(),
            events,
            ..Game::new(o.size)
        }
    }
}
