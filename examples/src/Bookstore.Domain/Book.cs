using System;
using System.Collections.Generic;

namespace Bookstore.Domain
{
    /// <summary>A title in the catalogue. Pricing members live in Book.Pricing.cs.</summary>
    public partial class Book : IEntity
    {
        private readonly List<Author> _authors = new();
        private string _title;
        private Money _price;

        public Book(int id, string title, Money price)
            : this(id, title, price, Genre.Fiction)
        {
        }

        public Book(int id, string title, Money price, Genre genre)
        {
#if NET8_0_OR_GREATER
            ArgumentException.ThrowIfNullOrWhiteSpace(title);
#else
            if (string.IsNullOrWhiteSpace(title))
            {
                throw new ArgumentException("A book needs a title.", nameof(title));
            }
#endif
            Id = id;
            _title = title.Trim();
            _price = price;
            Genre = genre;
        }

        public event PriceChangedHandler? PriceChanged;

        public int Id { get; }

        public string Title
        {
            get => _title;
            set
            {
                if (string.IsNullOrWhiteSpace(value))
                {
                    throw new ArgumentException("A book needs a title.", nameof(value));
                }

                _title = value.Trim();
            }
        }

        public Genre Genre { get; }

        public Isbn? Isbn { get; init; }

        public IReadOnlyList<Author> Authors => _authors;

        public bool IsForChildren => Genre == Genre.Children;

        public void AddAuthor(Author author) => _authors.Add(author);

        public void AddAuthor(string name) => AddAuthor(new Author(name));

        public override string ToString() => $"{Title} ({Price})";
    }
}
