-- Whether the lyrics' caption track (issue 27) was added to a published video: null (none asked
-- for, or not yet), 'SET', or why YouTube did not take it.
ALTER TABLE "youtube_uploads" ADD COLUMN "captions_result" text;
