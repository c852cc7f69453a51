import './AboutLink.css';

/**
 * Where the project's documentation lives on its code-hosting site: set at build time with
 * VITE_GALAXY_ABOUT_URL; by default the original "Software Galaxies" viewer, whose format this reads.
 */
export const PROJECT_DOCUMENTATION_URL: string =
  import.meta.env.VITE_GALAXY_ABOUT_URL ?? 'https://github.com/anvaka/pm#readme';

export interface AboutLinkProps {
  /** Documentation address; defaults to PROJECT_DOCUMENTATION_URL. */
  href?: string;
}

/** docs/rules.md#panels: 'About...' opens the project's documentation in a new tab. */
export function AboutLink({ href = PROJECT_DOCUMENTATION_URL }: AboutLinkProps) {
  return (
    <a className="about-link" href={href} target="_blank" rel="noopener noreferrer">
      About...
    </a>
  );
}
