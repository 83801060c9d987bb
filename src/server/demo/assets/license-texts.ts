/** Plain-language licences shipped inside every demo download. */

export function sampleLicense(productName: string): string {
  return `ROYALTY-FREE SAMPLE LICENCE
${productName}
Loopmarket demo catalogue

1. Grant. When you buy this pack you receive a worldwide, perpetual, non-exclusive licence
   to use the audio loops, one-shots and MIDI files it contains ("the Samples") in your own
   musical works.

2. Commercial use is allowed. You may use the Samples, edited or unedited, in music you
   release, sell, stream, broadcast or license: songs, beats, film, TV, games, podcasts and
   adverts. No further fees, royalties or credits are owed.

3. Redistribution is forbidden. You may not sell, share, give away, upload or re-license the
   Samples as samples: not as they are, not modified, not inside another sample pack, sound
   library, construction kit, MIDI pack or instrument, and not through any sample-sharing
   service. The Samples must always be part of a larger musical work.

4. Content ID. You may not register the Samples, on their own, with a content-identification
   system.

5. Ownership. The Samples remain the property of their creator. This licence is personal to the
   buyer and cannot be transferred.

6. No warranty. The Samples are provided "as is", without warranty of any kind.
`;
}

export function softwareLicense(productName: string): string {
  return `SINGLE-USER SOFTWARE LICENCE
${productName}
Loopmarket demo catalogue

1. Grant. Each purchased copy licenses one named user to install and use the software on up
   to two computers that user owns or controls, for personal and commercial work.

2. Restrictions. You may not share your copy, licence details or download link, resell or
   rent the software, or reverse engineer it except where the law permits this.

3. Your work is yours. Audio, projects and documents you create with the software belong to
   you, free of royalties.

4. Updates. Updates within the same major version are included.

5. No warranty. The software is provided "as is"; to the extent the law allows, the author
   is not liable for any loss arising from its use.

6. Termination. This licence ends if you break its terms; you must then delete every copy.
`;
}
