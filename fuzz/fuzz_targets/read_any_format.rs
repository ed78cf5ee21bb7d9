//! Every reader on arbitrary bytes: it must return (records or located errors), never
//! panic; whatever it reads must validate and write without panicking.
#![no_main]

use libfuzzer_sys::fuzz_target;
use renju_records::formats::Format;
use renju_records::ValidationOptions;

fuzz_target!(|data: &[u8]| {
    // The first byte picks the reader, so one corpus covers them all.
    let Some((&pick, bytes)) = data.split_first() else { return };
    let format = Format::ALL[pick as usize % Format::ALL.len()];
    let records = format.read(bytes, Some("fuzz"));
    let games: Vec<_> = records.iter().filter_map(|r| r.as_ref().ok()).cloned().collect();
    for game in &games {
        let _ = game.validate(&ValidationOptions::default());
    }
    let _ = format.write(&games);
});
