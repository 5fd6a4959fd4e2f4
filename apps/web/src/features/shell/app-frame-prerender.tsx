import { FRAME_CLASS, MainFrame, SidebarFrame, TopBarFrame } from './app-frame';

/**
 * The frame of every signed-in page as index.html carries it (scripts/prerender.mjs): the sidebar and top
 * bar with the brand, an empty page column. Shown only on the frame's pages when a session is stored
 * (index.css, scripts/first-screen-boot.mjs); the app's first render replaces it with the same frame filled
 * in for the user.
 */
export function PrerenderedAppFrame() {
  return (
    <div className={FRAME_CLASS} data-app-frame="">
      <SidebarFrame />
      <TopBarFrame />
      <MainFrame />
    </div>
  );
}
