import { Box } from '@mantine/core';
import classes from './HeroArt.module.css';

const BARS = [
  18, 34, 52, 70, 46, 82, 60, 38, 66, 90, 72, 44, 58, 30, 48, 76, 54, 36, 24, 40, 62, 28,
];

/** A video frame with a waveform that moves: the product in one picture. */
export function HeroArt() {
  return (
    <Box className={classes.frame} aria-hidden>
      <div className={classes.glow} />
      <div className={classes.bars}>
        {BARS.map((height, i) => (
          <span
            key={i}
            className={classes.bar}
            style={{ height: `${height}%`, animationDelay: `${(i % 7) * -0.17}s` }}
          />
        ))}
      </div>
      <div className={classes.caption}>
        <span className={classes.dot} />
        <span>Rendering · 1080p · 03:42</span>
      </div>
    </Box>
  );
}
