import {
  Alert,
  Button,
  Card,
  FileButton,
  Grid,
  Group,
  Loader,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconPhotoUp } from '@tabler/icons-react';
import { useRef, useState, type DragEvent } from 'react';
import { rgbToHex, type Rgb } from '../../../core/color/color-convert';
import { ColorCodes } from './ColorCodes';
import { loadImageFile } from './image-pixels';
import { ImagePixelStage, type PickedPixel } from './ImagePixelStage';
import { PaletteSwatches } from './PaletteSwatches';
import { ToolScreenLayout } from './ToolScreenLayout';
import { usePalette } from './use-palette';
import classes from './tools.module.css';

interface OpenImage {
  bitmap: ImageBitmap;
  name: string;
  id: number;
}

interface ChosenColor {
  rgb: Rgb;
  /** Where it came from: "pixel 12, 40" or "the palette". */
  source: string;
}

/**
 * /tools/color/image-color-picker: a local image (decoded in the browser, never uploaded), a pixel
 * picked by pointer or keyboard, and the dominant colours extracted in the palette worker.
 */
export function ImageColorPickerScreen({
  title,
  description,
}: {
  title: string;
  description: string;
}) {
  const [image, setImage] = useState<OpenImage | null>(null);
  const shown = useRef<OpenImage | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  const [dragging, setDragging] = useState(false);
  const [chosen, setChosen] = useState<ChosenColor | null>(null);
  const palette = usePalette(image?.bitmap ?? null);

  const open = async (file: File | null | undefined) => {
    if (!file) return;
    setLoading(true);
    const loaded = await loadImageFile(file);
    setLoading(false);
    if (!loaded.ok) {
      setError(loaded.error);
      return;
    }
    setError(null);
    setChosen(null);
    // The image it replaces is no longer drawn from: its memory can go now.
    shown.current?.bitmap.close();
    shown.current = { bitmap: loaded.bitmap, name: loaded.name, id: (shown.current?.id ?? 0) + 1 };
    setImage(shown.current);
  };

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    void open(event.dataTransfer.files[0]);
  };

  const onPick = (pixel: PickedPixel) =>
    setChosen({ rgb: pixel.rgb, source: `pixel ${pixel.x}, ${pixel.y}` });

  return (
    <ToolScreenLayout title={title} description={description}>
      <Card
        withBorder
        radius="lg"
        padding="lg"
        shadow="xs"
        mb="lg"
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
      >
        <div className={classes.dropZone} data-dragging={dragging || undefined}>
          <Stack align="center" gap="xs">
            <IconPhotoUp size={36} stroke={1.5} aria-hidden />
            <Text fw={600}>Drop an image here, or choose one from this device</Text>
            <FileButton onChange={(file) => void open(file)} accept="image/*">
              {(props) => (
                <Button
                  {...props}
                  loading={loading}
                  leftSection={<IconPhotoUp size={16} aria-hidden />}
                >
                  {image ? 'Choose another image' : 'Choose an image'}
                </Button>
              )}
            </FileButton>
            <Text size="xs" c="dimmed">
              The image stays on your device: it is opened by your browser and never uploaded.
            </Text>
          </Stack>
        </div>
        {error && (
          <Alert color="red" mt="md" data-testid="image-error" role="alert">
            {error}
          </Alert>
        )}
        {image && (
          <div style={{ marginTop: 'var(--mantine-spacing-lg)' }}>
            <ImagePixelStage
              key={image.id}
              image={image.bitmap}
              name={image.name}
              onPick={onPick}
            />
          </div>
        )}
      </Card>

      {image && (
        <Grid gap="lg">
          <Grid.Col span={{ base: 12, sm: 5 }}>
            <Card withBorder radius="lg" padding="lg" shadow="xs" h="100%">
              <Title order={2} fz="md" mb="sm">
                Picked colour
              </Title>
              {chosen ? (
                <Stack gap="sm" data-testid="picked-color" data-hex={rgbToHex(chosen.rgb)}>
                  <Group gap="md" wrap="nowrap">
                    <div
                      className={classes.recentSwatch}
                      style={{ background: rgbToHex(chosen.rgb), width: 56, height: 56 }}
                      aria-hidden
                    />
                    <Text size="sm" c="dimmed">
                      From {chosen.source}
                    </Text>
                  </Group>
                  <ColorCodes rgb={chosen.rgb} />
                </Stack>
              ) : (
                <Text size="sm" c="dimmed" data-testid="nothing-picked">
                  Click the image, or focus it and press Enter, to pick a colour. Or choose one of
                  the palette&apos;s colours.
                </Text>
              )}
            </Card>
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 7 }}>
            <Card withBorder radius="lg" padding="lg" shadow="xs" h="100%">
              <Title order={2} fz="md" mb="sm">
                Dominant colours
              </Title>
              {palette.state === 'working' && (
                <Group gap="sm" data-testid="palette-working">
                  <Loader size="sm" aria-label="Extracting the palette" />
                  <Text size="sm" c="dimmed">
                    Finding the image&apos;s main colours…
                  </Text>
                </Group>
              )}
              {palette.state === 'failed' && (
                <Alert color="red">The palette could not be extracted from this image.</Alert>
              )}
              {palette.state === 'done' &&
                (palette.colors.length > 0 ? (
                  <PaletteSwatches
                    colors={palette.colors}
                    onChoose={(color) => setChosen({ rgb: color.rgb, source: 'the palette' })}
                  />
                ) : (
                  <Text size="sm" c="dimmed">
                    The image is fully transparent: it has no colours to show.
                  </Text>
                ))}
            </Card>
          </Grid.Col>
        </Grid>
      )}
    </ToolScreenLayout>
  );
}
