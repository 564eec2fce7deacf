import { Card, Grid, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconHash } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import {
  HEX_ERROR,
  hslToRgb,
  parseHex,
  rgbToHex,
  rgbToHsl,
  roundHsl,
  type Hsl,
  type Rgb,
} from '../../../core/color/color-convert';
import { contrastRatio } from '../../../core/color/contrast';
import { ChannelField } from './ChannelField';
import { ColorCodes } from './ColorCodes';
import { ContrastPanel } from './ContrastPanel';
import { RecentColors } from './RecentColors';
import { useRecentColorList } from './recent-colors-storage';
import { ToolScreenLayout } from './ToolScreenLayout';
import classes from './tools.module.css';

const START_COLOR: Rgb = { r: 30, g: 144, b: 255 };
/** A colour left alone this long counts as made and joins the recent colours. */
const SETTLE_MS = 1200;

/** The colour in both forms: HSL is kept as typed, since many HSL values give one RGB. */
interface ColorState {
  rgb: Rgb;
  hsl: Hsl;
}

const fromRgb = (rgb: Rgb): ColorState => ({ rgb, hsl: roundHsl(rgbToHsl(rgb)) });
const fromHsl = (hsl: Hsl): ColorState => ({ rgb: hslToRgb(hsl), hsl });

const HUE_TRACK =
  'linear-gradient(to right, #f00 0%, #ff0 16.7%, #0f0 33.3%, #0ff 50%, #00f 66.7%, #f0f 83.3%, #f00 100%)';

/** /tools/color/rgb-color-creator: RGB, HSL and hex kept in step, contrast and recent colours. */
export function RgbColorCreatorScreen({
  title,
  description,
}: {
  title: string;
  description: string;
}) {
  const recent = useRecentColorList();
  const [color, setColor] = useState<ColorState>(() => {
    const last = recent.colors[0];
    return fromRgb((last ? parseHex(last) : null) ?? START_COLOR);
  });
  const [hexDraft, setHexDraft] = useState<string | null>(null);
  const edited = useRef(false);
  const hex = rgbToHex(color.rgb);
  const { rgb, hsl } = color;

  const change = (next: ColorState) => {
    edited.current = true;
    setColor(next);
  };
  const setRgb = (part: Partial<Rgb>) => {
    setHexDraft(null);
    change(fromRgb({ ...rgb, ...part }));
  };
  const setHsl = (part: Partial<Hsl>) => {
    setHexDraft(null);
    change(fromHsl({ ...hsl, ...part }));
  };
  const onHexChange = (text: string) => {
    setHexDraft(text);
    const parsed = parseHex(text);
    if (parsed) change(fromRgb(parsed));
  };
  const restore = (restored: string) => {
    const parsed = parseHex(restored);
    if (!parsed) return;
    setHexDraft(null);
    setColor(fromRgb(parsed));
  };

  const { add } = recent;
  useEffect(() => {
    if (!edited.current) return undefined;
    const timer = setTimeout(() => add(hex), SETTLE_MS);
    return () => clearTimeout(timer);
  }, [hex, add]);

  const hexInvalid = hexDraft !== null && parseHex(hexDraft) === null;
  const white = { r: 255, g: 255, b: 255 };
  const black = { r: 0, g: 0, b: 0 };
  const labelColor = contrastRatio(rgb, white) >= contrastRatio(rgb, black) ? '#fff' : '#000';
  const sat = `hsl(${hsl.h}, 0%, ${hsl.l}%), hsl(${hsl.h}, 100%, ${hsl.l}%)`;
  const light = `#000, hsl(${hsl.h}, ${hsl.s}%, 50%), #fff`;
  const channelTrack = (from: Rgb, to: Rgb) =>
    `linear-gradient(to right, ${rgbToHex(from)}, ${rgbToHex(to)})`;

  return (
    <ToolScreenLayout title={title} description={description}>
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, sm: 5 }}>
          <Card withBorder radius="lg" padding="lg" shadow="xs" h="100%">
            <div
              className={classes.bigSwatch}
              style={{ background: hex, color: labelColor }}
              role="img"
              aria-label={`Colour swatch ${hex}`}
              data-testid="color-swatch"
              data-color={hex}
            >
              <span className={classes.bigSwatchLabel}>{hex}</span>
            </div>
            <Title order={2} fz="md" mt="lg" mb="sm">
              Copy the colour
            </Title>
            <ColorCodes rgb={rgb} onCopied={() => add(hex)} testId="color-codes" />
            <Title order={2} fz="md" mt="xl" mb="sm">
              Recent colours
            </Title>
            <RecentColors colors={recent.colors} onRestore={restore} onClear={recent.clear} />
          </Card>
        </Grid.Col>

        <Grid.Col span={{ base: 12, sm: 7 }}>
          <Card withBorder radius="lg" padding="lg" shadow="xs">
            <Stack gap="md">
              <TextInput
                label="Hex"
                description="Type a code such as #1e90ff or #f0a"
                value={hexDraft ?? hex}
                onChange={(event) => onHexChange(event.currentTarget.value)}
                onBlur={() => {
                  if (!hexInvalid) setHexDraft(null);
                }}
                error={hexInvalid ? `${HEX_ERROR}. The colour stays ${hex}.` : undefined}
                leftSection={<IconHash size={16} aria-hidden />}
                spellCheck={false}
                autoComplete="off"
                maxLength={16}
                className={classes.hexField}
              />
              <Title order={2} fz="md" mt="xs">
                Red, green, blue
              </Title>
              <ChannelField
                label="Red"
                value={rgb.r}
                max={255}
                track={channelTrack({ ...rgb, r: 0 }, { ...rgb, r: 255 })}
                onChange={(r) => setRgb({ r })}
              />
              <ChannelField
                label="Green"
                value={rgb.g}
                max={255}
                track={channelTrack({ ...rgb, g: 0 }, { ...rgb, g: 255 })}
                onChange={(g) => setRgb({ g })}
              />
              <ChannelField
                label="Blue"
                value={rgb.b}
                max={255}
                track={channelTrack({ ...rgb, b: 0 }, { ...rgb, b: 255 })}
                onChange={(b) => setRgb({ b })}
              />
              <Title order={2} fz="md" mt="xs">
                Hue, saturation, lightness
              </Title>
              <ChannelField
                label="Hue"
                value={hsl.h}
                max={360}
                unit="°"
                track={HUE_TRACK}
                onChange={(h) => setHsl({ h })}
              />
              <ChannelField
                label="Saturation"
                value={hsl.s}
                max={100}
                unit="%"
                track={`linear-gradient(to right, ${sat})`}
                onChange={(s) => setHsl({ s })}
              />
              <ChannelField
                label="Lightness"
                value={hsl.l}
                max={100}
                unit="%"
                track={`linear-gradient(to right, ${light})`}
                onChange={(l) => setHsl({ l })}
              />
            </Stack>
          </Card>
        </Grid.Col>

        <Grid.Col span={12}>
          <Card withBorder radius="lg" padding="lg" shadow="xs">
            <Title order={2} fz="md" mb={4}>
              Contrast as text colour
            </Title>
            <Text size="sm" c="dimmed" mb="md">
              WCAG 2.x asks for 4.5:1 for body text (AA) and 3:1 for large text, 24 px or 18.66 px
              bold (AA large); AAA asks for 7:1 and 4.5:1.
            </Text>
            <ContrastPanel rgb={rgb} />
          </Card>
        </Grid.Col>
      </Grid>
    </ToolScreenLayout>
  );
}
