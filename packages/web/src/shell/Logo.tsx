/** The product mark, drawn inline so no request is needed (same drawing as public/icons/icon.svg). */
export function Logo({ size = 32 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 512 512" role="img" aria-label="Retaguarda">
      <rect width="512" height="512" rx="112" fill="#1c7ed6" />
      <path
        d="M160 384V128h112c53 0 88 31 88 78 0 36-20 62-53 73l61 105h-62l-55-98h-39v98zm52-142h56c24 0 39-14 39-36s-15-35-39-35h-56z"
        fill="#fff"
      />
    </svg>
  );
}
