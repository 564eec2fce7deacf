// /spotify-canvas-videos/releases/{releasePostId}: one release post, the moving previews of its
// Canvas templates and a way to make a Canvas with each. An unknown id says so, with a way back.
import {
  Anchor,
  Button,
  Card,
  Container,
  Grid,
  Group,
  SimpleGrid,
  Stack,
  Text,
  ThemeIcon,
  Title,
  Typography,
} from '@mantine/core';
import { IconArrowLeft, IconArrowRight, IconNews } from '@tabler/icons-react';
import { Link, useNavigate, useParams } from '@tanstack/react-router';
import type { MouseEvent } from 'react';
import type { TemplateInfo } from '../../../core/render/template';
import { PageHeader } from '../../ui/PageHeader';
import {
  createCanvasPath,
  formatPostDate,
  RELEASES_PATH,
  releasePostById,
  templatesOf,
  type ReleasePost,
} from './release-posts';
import classes from './releases.module.css';
import { ReleasePreviewStage, TemplatePreview } from './TemplatePreviews';

const BACK_LABEL = 'All Canvas releases';

/** Backing width of a post's preview: one template is shown up to about 320 px wide. */
const POST_BACKING_WIDTH = 640;

function TemplateCard({ template, compact }: { template: TemplateInfo; compact: boolean }) {
  return (
    <Card withBorder radius="lg" padding="sm" data-testid="release-template">
      <TemplatePreview template={template} maxBacking={compact ? 360 : POST_BACKING_WIDTH} />
      <Stack gap={6} mt="sm">
        <Title order={3} fz="md">
          {template.title}
        </Title>
        {!compact && (
          <Text size="sm" c="dimmed">
            {template.description}
          </Text>
        )}
        <Button
          component={Link}
          to={createCanvasPath(template.name)}
          size={compact ? 'xs' : 'sm'}
          rightSection={<IconArrowRight size={16} aria-hidden />}
          aria-label={`Make a Canvas with ${template.title}`}
        >
          Make a Canvas
        </Button>
      </Stack>
    </Card>
  );
}

/** The post's HTML; links inside the site move within the app instead of reloading it. */
function PostBody({ html }: { html: string }) {
  const navigate = useNavigate();
  const onClick = (event: MouseEvent<HTMLDivElement>) => {
    const link = (event.target as Element).closest('a');
    const href = link?.getAttribute('href');
    if (!link || !href?.startsWith('/') || href.startsWith('//')) return;
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) {
      return;
    }
    event.preventDefault();
    void navigate({ to: href });
  };
  return (
    // The click only takes over the links inside; they stay ordinary links for the keyboard.
    <Typography className={classes.body} data-testid="release-body">
      <div onClick={onClick} dangerouslySetInnerHTML={{ __html: html }} />
    </Typography>
  );
}

function Post({ post }: { post: ReleasePost }) {
  const templates = templatesOf(post);
  const compact = templates.length > 2;
  const eyebrow = (
    <Group gap="md">
      <Anchor component={Link} to={RELEASES_PATH} size="sm" fw={600}>
        <Group gap={4} component="span">
          <IconArrowLeft size={14} aria-hidden /> {BACK_LABEL}
        </Group>
      </Anchor>
      <Text size="sm" c="dimmed" component="time" dateTime={post.date}>
        {formatPostDate(post.date)}
      </Text>
    </Group>
  );
  return (
    <Container size="lg" py={{ base: 28, sm: 48 }}>
      <PageHeader title={post.title} description={post.summary} eyebrow={eyebrow} />
      <ReleasePreviewStage>
        <Grid gap="xl">
          <Grid.Col span={{ base: 12, md: compact ? 6 : 7 }}>
            <article aria-label={post.title}>
              <PostBody html={post.html} />
            </article>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: compact ? 6 : 5 }}>
            <aside aria-label={templates.length === 1 ? 'The template' : 'The templates'}>
              <SimpleGrid
                cols={compact ? { base: 2, sm: 4, md: 3 } : templates.length}
                spacing="md"
                maw={compact ? undefined : templates.length * 260}
              >
                {templates.map((template) => (
                  <TemplateCard key={template.name} template={template} compact={compact} />
                ))}
              </SimpleGrid>
            </aside>
          </Grid.Col>
        </Grid>
      </ReleasePreviewStage>
    </Container>
  );
}

function UnknownPost() {
  return (
    <Container size="sm" py={64} ta="center" data-testid="release-not-found">
      <ThemeIcon size={72} radius="xl" variant="light" mx="auto" mb="lg" aria-hidden>
        <IconNews size={40} stroke={1.5} />
      </ThemeIcon>
      <PageHeader
        title="Release post not found"
        description="There is no Canvas release post at this address. It may have been renamed, or the link may be mistyped."
      />
      <Button
        component={Link}
        to={RELEASES_PATH}
        leftSection={<IconArrowLeft size={18} aria-hidden />}
      >
        {BACK_LABEL}
      </Button>
    </Container>
  );
}

export function ReleasePostScreen() {
  const { releasePostId = '' } = useParams({ strict: false }) as { releasePostId?: string };
  const post = releasePostById(releasePostId);
  return post ? <Post post={post} /> : <UnknownPost />;
}
