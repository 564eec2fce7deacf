// The route table lives in core/site/route-table.ts so the server can read it too (page heads,
// robots.txt, sitemap.xml); the web app imports it from here.
export * from '../../core/site/route-table';
