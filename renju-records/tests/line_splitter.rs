//! The push-fed `LineSplitter` reads lines exactly as `read_line` (without
//! `cr_ends_line`) does, whatever pieces the input arrives in.

use proptest::prelude::*;
use renju_records::formats::{read_line, LineRead, LineSplitter};

/// The lines `read_line` reads from the whole input.
fn pulled(input: &[u8], max: usize) -> Vec<(LineRead, Vec<u8>)> {
    let mut reader = input;
    let mut buf = Vec::new();
    let mut lines = Vec::new();
    loop {
        match read_line(&mut reader, &mut buf, max, false).unwrap() {
            LineRead::Eof => return lines,
            read => lines.push((read, buf.clone())),
        }
    }
}

/// The lines a `LineSplitter` hands over when the input is fed in pieces cut at `cuts`.
fn pushed(input: &[u8], max: usize, cuts: &[usize]) -> Vec<(LineRead, Vec<u8>)> {
    let mut splitter = LineSplitter::new(max);
    let mut lines = Vec::new();
    let mut at = 0;
    let mut ends: Vec<usize> = cuts.iter().map(|c| c % (input.len() + 1)).collect();
    ends.sort_unstable();
    ends.push(input.len());
    for end in ends {
        let piece = &input[at..end.max(at)];
        at = end.max(at);
        splitter
            .feed(piece, |read, line| lines.push((read, line.to_vec())))
            .unwrap();
    }
    splitter.finish(|read, line| lines.push((read, line.to_vec())));
    lines
}

proptest! {
    #[test]
    fn pieces_read_as_the_whole(
        input in proptest::collection::vec(prop_oneof![Just(b'\n'), Just(b'\r'), Just(b'a'), Just(b' ')], 0..80),
        max in 0usize..12,
        cuts in proptest::collection::vec(0usize..100, 0..6),
    ) {
        prop_assert_eq!(pushed(&input, max, &cuts), pulled(&input, max));
    }
}

#[test]
fn crlf_split_between_pieces_ends_one_line() {
    let lines = pushed(b"ab\r\ncd", 10, &[3]);
    assert_eq!(
        lines,
        [
            (LineRead::Line, b"ab".to_vec()),
            (LineRead::Line, b"cd".to_vec())
        ]
    );
}
